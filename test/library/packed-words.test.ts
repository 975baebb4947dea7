import { describe, expect, it } from 'vitest';
import { LibraryDamagedError } from '../../src/library/store/byte-codec.js';
import { anyMarked, type PackedSpan, packWords, unpackWords } from '../../src/library/store/packed-words.js';
import { packPostings, unpackPostings } from '../../src/library/store/postings.js';

const what = () => 'kjv 43:3:16';
const title = 'A Psalm of David.';
const text = 'For God so loved the world, that he gave his only begotten Son';
const spans: PackedSpan[] = [
  { text: 'A Psalm', strongs: ['H4210'], morph: [], marks: 4 },
  { text: 'of David.', strongs: ['H1732'], morph: [], marks: 4 },
  { text: 'For', strongs: ['G1063'], morph: ['CONJ'], marks: 1 },
  { text: 'God', strongs: ['G2316', 'G3588'], morph: ['N-NSM', 'T-NSM'], marks: 1 },
  { text: 'so loved', strongs: ['G3779', 'G25', 'H0', 'G1', 'G2', 'G3', 'G4', 'G5'], morph: [], marks: 3 },
  { text: 'the world', strongs: [], morph: [], marks: 0 },
  { text: 'a span the text lacks', strongs: ['G9999'], morph: [], marks: 2 },
  { text: ',', strongs: [], morph: [], marks: 0 },
  { text: 'begotten Son', strongs: ['G3439', 'G5207'], morph: [], marks: 0 },
];

describe("a verse's packed words", () => {
  it('read back as written: texts from the verse and its title, numbers, morphology, marks', () => {
    const blob = packWords(spans, text, title);
    expect([...unpackWords(blob, text, title, what).values()]).toEqual(spans);
    // A tagged word is five bytes: flags, skip, length, a number of two.
    const two = [
      { text: 'For', strongs: ['G1063'], morph: [], marks: 1 },
      { text: 'God', strongs: ['G2316'], morph: [], marks: 1 },
    ];
    expect(packWords(two, 'For God so', '').length).toBe(10);
    expect([...unpackWords(blob, text, title, what, new Set([3])).entries()]).toEqual([[3, spans[3]]]);
    expect(anyMarked(blob, 2, what)).toBe(true);
    expect(anyMarked(packWords(spans.slice(5, 6), text, title), 1, what)).toBe(false);
  });

  it('a damaged blob fails with one line naming the verse, never reads past its bytes', () => {
    const blob = packWords(spans, text, title);
    for (let cut = 1; cut < blob.length; cut++) {
      let failure: unknown;
      try {
        unpackWords(blob.subarray(0, cut), text, title, what);
      } catch (err) {
        failure = err;
      }
      if (failure) expect(failure).toBeInstanceOf(LibraryDamagedError);
    }
    expect(() => unpackWords(blob, 'short', title, what)).toThrow(
      /^the library file is damaged \(kjv 43:3:16: a span past the end of the verse's text at byte \d+\); rebuild it with: bible library import$/,
    );
    expect(() => unpackWords(Buffer.from([0x80 | 0x60, 0xff, 0xff, 0xff, 0xff, 0xff]), text, title, what)).toThrow(
      LibraryDamagedError,
    );
    expect(() => unpackWords(Buffer.from([7 << 5, 0, 1, 0xff, 0xff, 0x7f]), text, title, what)).toThrow(
      /more numbers than bytes/,
    );
  });
});

describe("a number's packed postings", () => {
  it('keep each occurrence once, in order, with its renderings counted as SQLite lower() groups them', () => {
    const blob = packPostings([
      { key: 43003016, idx: 2, text: 'loved' },
      { key: 1001001, idx: 0, text: 'Loved' },
      { key: 43003016, idx: 2, text: 'loved' },
      { key: 43003016, idx: 1, text: 'Él' },
    ]);
    expect(unpackPostings(blob, what)).toEqual({
      occurrences: [
        { key: 1001001, idx: 0 },
        { key: 43003016, idx: 1 },
        { key: 43003016, idx: 2 },
      ],
      renderings: [
        { count: 2, first: 0 },
        { count: 1, first: 1 },
      ],
    });
    for (let cut = 0; cut < blob.length; cut++)
      expect(() => unpackPostings(blob.subarray(0, cut), what)).toThrow(LibraryDamagedError);
    expect(() => unpackPostings(Buffer.from([0x7f, 1, 1]), what)).toThrow(/more occurrences than bytes/);
  });
});
