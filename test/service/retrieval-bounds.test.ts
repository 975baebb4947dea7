import { describe, expect, it } from 'vitest';
import { NEIGHBOURS, SITUATION_MORE } from '../../src/service/chat/quoted.js';
import { retrieve } from '../../src/service/chat/retrieval.js';
import { useTestStore } from '../support/test-store.js';

// The chat retrieves through the find engine, which reads at most FIND_QUESTION_MAX characters of a question.
describe('chat retrieval reads a bounded part of any question', () => {
  const store = useTestStore();

  it('puts the references a question names first', () => {
    const g = retrieve(store(), 'Compare John 3:16, Gen 1:1 and Ps 23:1 please', 'default', 'kjv', store().resources());
    expect(
      g.verses
        .slice(0, 3)
        .map((v) => v.ref)
        .sort(),
    ).toEqual(['Genesis 1:1', 'John 3:16', 'Psalms 23:1']);
  });

  it('answers a question of thousands of numbers with at most the persona’s verses (and their neighbours)', () => {
    const numbers = Array.from({ length: 60 }, (_, i) => `item ${i + 1}`).join(', ');
    expect(
      retrieve(store(), `${numbers}, and John 3:16?`, 'default', 'kjv', store().resources()).verses.length,
    ).toBeLessThanOrEqual(6 + SITUATION_MORE + NEIGHBOURS);
    expect(
      retrieve(store(), 'a b c d 1 '.repeat(1_000), 'simple_helper', 'kjv', store().resources()).verses.length,
    ).toBeLessThanOrEqual(3 + NEIGHBOURS);
  });
});

describe('chat retrieval themes', () => {
  const store = useTestStore();

  it('titles a commentary heading cut from a sentence', () => {
    const g = retrieve(store(), 'What does the Bible say about forbearance?', 'default', 'kjv', store().resources());
    expect(g.verses.find((v) => v.ref === 'Colossians 3:12')?.theme).toBe(
      'To live in mutual love, forbearance, and forgiveness',
    );
  });
});
