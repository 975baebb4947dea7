import { describe, expect } from 'vitest';
import { findVerses } from '../../src/find/engine.js';
import { readQuestion } from '../../src/find/local-reading.js';
import { itWithSword } from '../support/env.js';
import { useTestStore } from '../support/test-store.js';

describe('find in Spanish (issue 31)', () => {
  const store = useTestStore();
  const find = (question: string, translation = 'kjv') =>
    findVerses(store(), question, { translation, resources: store().resources(), limit: 10 });

  itWithSword(
    'a Spanish question is read in Spanish and answered from the RV1909, whatever translation was asked',
    () => {
      const found = find('¿Qué dice la Biblia sobre la ansiedad?');
      expect([found.translation, found.language, found.unread]).toEqual(['rv1909', 'es', undefined]);
      const refs = found.results.map((r) => r.ref);
      expect(refs).not.toContain('1 Chronicles 23:7');
      expect(refs.slice(0, 3)).toContain('Philippians 4:6');
      expect(found.results.find((r) => r.ref === 'Philippians 4:6')?.text).toMatch(/^Por nada estéis afanosos/);
      expect(found.drawnOn[0]).toBe('rv1909');
    },
  );

  itWithSword(
    'its words: function words never a topic, the rest matched in the RV1909 and glossed into English',
    () => {
      const bibles = ['kjv', 'web', 'rv1909'];
      const read = readQuestion(store(), '¿Qué dice la Biblia sobre la ansiedad?', 'kjv', bibles);
      expect(read).toMatchObject({ text: 'anxiety', translation: 'rv1909', language: 'es' });
      expect(read.local?.stems).toEqual(['ansied']);
      // Everyday words, the Strong's numbers both translations carry, openings and book names.
      expect(readQuestion(store(), 'el arca de noe y el diluvio', 'rv1909', bibles).text).toBe('ark noah flood');
      expect(readQuestion(store(), '¿quién fue Abraham?', 'rv1909', bibles).text).toBe('who was abraham');
      expect(readQuestion(store(), '1 Corintios 13', 'rv1909', bibles).text).toBe('1 Corinthians 13');
      expect(readQuestion(store(), 'Salmo 23', 'rv1909', bibles).text).toBe('Psalm 23');
    },
  );

  itWithSword('a half-remembered line is found by its words in order, with or without accents', () => {
    const line = find('conocereis la verdad y la verdad os hara libres', 'rv1909');
    expect(line.results[0]?.ref).toBe('John 8:32');
    expect(line.results[0]?.reasons.find((r) => r.signal === 'local')).toMatchObject({
      signal: 'local',
      translation: 'rv1909',
    });
    expect(find('porque de tal manera amó Dios al mundo', 'rv1909').results[0]?.ref).toBe('John 3:16');
  });

  itWithSword('a question in a language the library has no translation in is read in English, and says so', () => {
    const found = find('Que dit la Bible sur l’anxiété ?');
    expect([found.translation, found.language, found.unread]).toEqual(['kjv', 'fr', 'French']);
    expect(found.results.map((r) => r.ref)).not.toContain('1 Chronicles 23:7');
  });

  itWithSword('English questions are read as before', () => {
    const found = find('What does the Bible say about worry?');
    expect([found.translation, found.language, found.unread]).toEqual(['kjv', 'en', undefined]);
    expect(found.results.some((r) => r.reasons.some((x) => x.signal === 'local'))).toBe(false);
  });
});
