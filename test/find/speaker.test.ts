import { describe, expect, it } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { keyParts, verseKey } from '../../src/core/reference/verse-key.js';
import { contentWords } from '../../src/find/question.js';
import { asksWordsOfChrist, withoutSpeaker } from '../../src/find/signals/speaker.js';
import { itWithSword } from '../support/env.js';
import { find } from '../support/find.js';
import { speakerVotes } from '../support/signal-votes.js';
import { useTestStore } from '../support/test-store.js';

const ref = (key: number) => {
  const { book, chapter, verse } = keyParts(key);
  return `${BOOKS[book - 1]?.name} ${chapter}:${verse}`;
};

describe('a question about what Jesus said', () => {
  it('is told by the name near a verb of speaking or teaching', () => {
    for (const q of [
      'What does Jesus say about worry?',
      'What did Christ teach on prayer?',
      'the words of Jesus about the law',
      "Jesus' words about forgiveness",
      'what did Jesus himself ever say about hell',
    ])
      expect([q, asksWordsOfChrist(q)]).toEqual([q, true]);
    for (const q of [
      'Who baptized Jesus?',
      'the birth of Jesus',
      'What does the Bible say about Jesus?',
      'Jesus wept',
      '',
    ])
      expect([q, asksWordsOfChrist(q)]).toEqual([q, false]);
  });

  it('drops the name, which names the speaker and not the subject', () => {
    const q = 'What did Jesus say about divorce?';
    expect(withoutSpeaker(contentWords(q), q)).toEqual(['divorce']);
    expect(withoutSpeaker(contentWords('Who baptized Jesus?'), 'Who baptized Jesus?')).toEqual(['baptized', 'jesus']);
  });

  describe('on the real library', () => {
    const store = useTestStore();

    it('lifts only the candidates Jesus speaks in, and adds none', () => {
      const candidates = [verseKey(40, 19, 9), verseKey(5, 24, 1), verseKey(40, 19, 3)].map((key) => ({
        key,
        score: 1,
      }));
      const input = {
        store: store(),
        question: 'What did Jesus say about divorce?',
        words: ['divorce'],
        translations: ['kjv', 'web'],
        commentaries: [],
        lexicons: [],
      };
      // Matthew 19:9 is his answer; Deuteronomy 24:1 is Moses; Matthew 19:3 is the Pharisees asking.
      expect(speakerVotes(input, candidates).map((v) => [ref(v.key), v.score, v.why])).toEqual([
        ['Matthew 19:9', 1, 'in the words of Christ'],
      ]);
      expect(speakerVotes({ ...input, question: 'divorce' }, candidates)).toEqual([]);
    });

    itWithSword('puts his sayings first: the top five for divorce are all words of Christ', () => {
      const r = find(store(), 'What did Jesus say about divorce?', {
        translation: 'kjv',
        limit: 5,
      });
      expect(r.results.map((x) => x.why.includes('in the words of Christ'))).toEqual([true, true, true, true, true]);
      const plain = find(store(), 'What does the Bible say about divorce?', {
        translation: 'kjv',
        limit: 5,
      });
      expect(plain.results.map((x) => x.ref)).toContain('Deuteronomy 24:1');
    });
  });
});
