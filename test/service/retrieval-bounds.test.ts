import { describe, expect, it } from 'vitest';
import { namedReferences } from '../../src/service/chat/retrieval.js';

describe('chat retrieval reads a bounded part of any question', () => {
  it('takes the first three references a question names', () => {
    const question = 'Compare John 3:16, Gen 1:1, Ps 23:1, Rom 8:28, Jude 3 and Rev 22:21 please';
    expect(namedReferences(question)).toEqual(['John 3:16', 'Genesis 1:1', 'Psalms 23:1']);
  });

  it('looks at the first 50 numbers only, whatever follows', () => {
    const numbers = Array.from({ length: 60 }, (_, i) => `item ${i + 1}`).join(', ');
    expect(namedReferences(`${numbers}, and John 3:16?`)).toEqual([]);
    expect(namedReferences(`John 3:16 and ${numbers}`)).toEqual(['John 3:16']);
    // 10,000 characters of numbers after words that are no book: nothing, and no suggestion work.
    expect(namedReferences('a b c d 1 '.repeat(1_000))).toEqual([]);
  });
});
