import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKS } from '../../src/core/canon/index.js';
import {
  checkPassageLimits,
  formatReference,
  InvalidReferenceError,
  parseReference,
  parseReferenceList,
  type Reference,
  referenceVerses,
  splitReference,
} from '../../src/core/reference/index.js';

/** [input, book, start chapter, start verse, end chapter, end verse] */
const SPELLINGS: Array<[string, string, number, number, number, number]> = [
  ['John 3:16', 'John', 3, 16, 3, 16],
  ['john 3:16', 'John', 3, 16, 3, 16],
  ['JOHN 3:16', 'John', 3, 16, 3, 16],
  ['Jn 3:16', 'John', 3, 16, 3, 16],
  ['Jn. 3:16', 'John', 3, 16, 3, 16],
  ['Jhn 3:16', 'John', 3, 16, 3, 16],
  ['Joh 3:16', 'John', 3, 16, 3, 16],
  ['43 3:16', 'John', 3, 16, 3, 16],
  ['  John   3 : 16  ', 'John', 3, 16, 3, 16],
  ['John 3:16-18', 'John', 3, 16, 3, 18],
  ['John 3:16\u201318', 'John', 3, 16, 3, 18],
  ['John 3:16 - 18', 'John', 3, 16, 3, 18],
  ['John 3', 'John', 3, 1, 3, 36],
  ['John 3-4', 'John', 3, 1, 4, 54],
  ['John 3:16-4:2', 'John', 3, 16, 4, 2],
  ['John3:16', 'John', 3, 16, 3, 16],
  ['Genesis 1:1', 'Genesis', 1, 1, 1, 1],
  ['Gen 1:1-2:3', 'Genesis', 1, 1, 2, 3],
  ['Ge 1', 'Genesis', 1, 1, 1, 31],
  ['Gn 50:26', 'Genesis', 50, 26, 50, 26],
  ['gen. 3:15', 'Genesis', 3, 15, 3, 15],
  ['Exod 20:1-17', 'Exodus', 20, 1, 20, 17],
  ['Ex 3:14', 'Exodus', 3, 14, 3, 14],
  ['Exo 14', 'Exodus', 14, 1, 14, 31],
  ['Lev 19:18', 'Leviticus', 19, 18, 19, 18],
  ['Num 6:24-26', 'Numbers', 6, 24, 6, 26],
  ['Deut 6:4', 'Deuteronomy', 6, 4, 6, 4],
  ['Dt 6:4-9', 'Deuteronomy', 6, 4, 6, 9],
  ['Josh 1:9', 'Joshua', 1, 9, 1, 9],
  ['Judg 6', 'Judges', 6, 1, 6, 40],
  ['Ruth 1:16', 'Ruth', 1, 16, 1, 16],
  ['1 Sam 17', '1 Samuel', 17, 1, 17, 58],
  ['1Sam 3:10', '1 Samuel', 3, 10, 3, 10],
  ['I Samuel 16:7', '1 Samuel', 16, 7, 16, 7],
  ['First Samuel 1:1', '1 Samuel', 1, 1, 1, 1],
  ['2 Sam 11', '2 Samuel', 11, 1, 11, 27],
  ['II Sam 7:12', '2 Samuel', 7, 12, 7, 12],
  ['1 Kgs 18:21', '1 Kings', 18, 21, 18, 21],
  ['1 Kings 19:12', '1 Kings', 19, 12, 19, 12],
  ['2Kgs 5', '2 Kings', 5, 1, 5, 27],
  ['1 Chr 16:34', '1 Chronicles', 16, 34, 16, 34],
  ['2 Chron 7:14', '2 Chronicles', 7, 14, 7, 14],
  ['Neh 8:10', 'Nehemiah', 8, 10, 8, 10],
  ['Esth 4:14', 'Esther', 4, 14, 4, 14],
  ['Job 19:25', 'Job', 19, 25, 19, 25],
  ['Psalm 23', 'Psalms', 23, 1, 23, 6],
  ['Psalms 23', 'Psalms', 23, 1, 23, 6],
  ['Ps 23:1', 'Psalms', 23, 1, 23, 1],
  ['Psa 119:105', 'Psalms', 119, 105, 119, 105],
  ['Ps. 119', 'Psalms', 119, 1, 119, 176],
  ['Prov 3:5-6', 'Proverbs', 3, 5, 3, 6],
  ['Pr 31:10', 'Proverbs', 31, 10, 31, 10],
  ['Eccl 3:1', 'Ecclesiastes', 3, 1, 3, 1],
  ['Qoh 12:13', 'Ecclesiastes', 12, 13, 12, 13],
  ['Song 2:1', 'Song of Solomon', 2, 1, 2, 1],
  ['Song of Solomon 8:6-7', 'Song of Solomon', 8, 6, 8, 7],
  ['Song of Songs 1', 'Song of Solomon', 1, 1, 1, 17],
  ['Canticles 2:4', 'Song of Solomon', 2, 4, 2, 4],
  ['Isa 53', 'Isaiah', 53, 1, 53, 12],
  ['Is 40:31', 'Isaiah', 40, 31, 40, 31],
  ['Jer 29:11', 'Jeremiah', 29, 11, 29, 11],
  ['Lam 3:22-23', 'Lamentations', 3, 22, 3, 23],
  ['Ezek 37:1-14', 'Ezekiel', 37, 1, 37, 14],
  ['Dan 6', 'Daniel', 6, 1, 6, 28],
  ['Hos 6:6', 'Hosea', 6, 6, 6, 6],
  ['Joel 2:28', 'Joel', 2, 28, 2, 28],
  ['Amos 5:24', 'Amos', 5, 24, 5, 24],
  ['Obad 1:3', 'Obadiah', 1, 3, 1, 3],
  ['Obadiah 3', 'Obadiah', 1, 3, 1, 3],
  ['Jonah 1-4', 'Jonah', 1, 1, 4, 11],
  ['Mic 6:8', 'Micah', 6, 8, 6, 8],
  ['Hab 2:4', 'Habakkuk', 2, 4, 2, 4],
  ['Zech 9:9', 'Zechariah', 9, 9, 9, 9],
  ['Mal 3:10', 'Malachi', 3, 10, 3, 10],
  ['Matt 5-7', 'Matthew', 5, 1, 7, 29],
  ['Mt 28:19-20', 'Matthew', 28, 19, 28, 20],
  ['Mk 1:1', 'Mark', 1, 1, 1, 1],
  ['Mark 16', 'Mark', 16, 1, 16, 20],
  ['Lk 15:11-32', 'Luke', 15, 11, 15, 32],
  ['Luke 2:1-20', 'Luke', 2, 1, 2, 20],
  ['Acts 2:1-4', 'Acts', 2, 1, 2, 4],
  ['Rom 8:28', 'Romans', 8, 28, 8, 28],
  ['Ro 3:23', 'Romans', 3, 23, 3, 23],
  ['1 Cor 13', '1 Corinthians', 13, 1, 13, 13],
  ['1Co 13:4-7', '1 Corinthians', 13, 4, 13, 7],
  ['I Corinthians 15:55', '1 Corinthians', 15, 55, 15, 55],
  ['2 Cor 5:17', '2 Corinthians', 5, 17, 5, 17],
  ['Gal 5:22-23', 'Galatians', 5, 22, 5, 23],
  ['Eph 2:8-9', 'Ephesians', 2, 8, 2, 9],
  ['Phil 4:13', 'Philippians', 4, 13, 4, 13],
  ['Php 4:6-7', 'Philippians', 4, 6, 4, 7],
  ['Col 3:23', 'Colossians', 3, 23, 3, 23],
  ['1 Thess 4:16-17', '1 Thessalonians', 4, 16, 4, 17],
  ['2 Thes 3:10', '2 Thessalonians', 3, 10, 3, 10],
  ['1 Tim 6:10', '1 Timothy', 6, 10, 6, 10],
  ['2 Tim 3:16', '2 Timothy', 3, 16, 3, 16],
  ['Titus 2:11', 'Titus', 2, 11, 2, 11],
  ['Phlm 1', 'Philemon', 1, 1, 1, 25],
  ['Philemon 1:10', 'Philemon', 1, 10, 1, 10],
  ['Heb 11:1', 'Hebrews', 11, 1, 11, 1],
  ['Heb 11-12', 'Hebrews', 11, 1, 12, 29],
  ['Jas 1:22', 'James', 1, 22, 1, 22],
  ['1 Pet 5:7', '1 Peter', 5, 7, 5, 7],
  ['2 Pet 3:9', '2 Peter', 3, 9, 3, 9],
  ['1 John 4:8', '1 John', 4, 8, 4, 8],
  ['1John 1:9', '1 John', 1, 9, 1, 9],
  ['1 Jn 4:19', '1 John', 4, 19, 4, 19],
  ['1Jn 3:1', '1 John', 3, 1, 3, 1],
  ['I John 4:7', '1 John', 4, 7, 4, 7],
  ['First John 1:5', '1 John', 1, 5, 1, 5],
  ['2 John 1:6', '2 John', 1, 6, 1, 6],
  ['3 John 2', '3 John', 1, 2, 1, 2],
  ['III John 1:4', '3 John', 1, 4, 1, 4],
  ['Jude 24-25', 'Jude', 1, 24, 1, 25],
  ['Jude 1', 'Jude', 1, 1, 1, 25],
  ['Rev 21:4', 'Revelation', 21, 4, 21, 4],
  ['Revelation 22', 'Revelation', 22, 1, 22, 21],
  ['Revelations 3:20', 'Revelation', 3, 20, 3, 20],
  ['Apocalypse 1:8', 'Revelation', 1, 8, 1, 8],
  ['Re 1:1-1:3', 'Revelation', 1, 1, 1, 3],
];

function expectError(input: string | (() => unknown), kind: string, message: string) {
  const run = typeof input === 'string' ? () => parseReference(input) : input;
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidReferenceError);
    expect((err as InvalidReferenceError).kind).toBe(kind);
    expect((err as InvalidReferenceError).message).toBe(message);
    return;
  }
  throw new Error(`expected ${String(input)} to fail`);
}

describe('reference parsing', () => {
  it(`reads ${SPELLINGS.length} spellings to the right book, chapters and verses`, () => {
    expect(new Set(SPELLINGS.map((s) => s[0])).size).toBeGreaterThanOrEqual(80);
    for (const [input, book, c1, v1, c2, v2] of SPELLINGS) {
      const ref = parseReference(input);
      expect({ book: ref.book.name, start: ref.start, end: ref.end }, input).toEqual({
        book,
        start: { chapter: c1, verse: v1 },
        end: { chapter: c2, verse: v2 },
      });
    }
  });

  it('names the fault', () => {
    expectError('John 22', 'not-found', 'John has 21 chapters');
    expectError('John 22:1', 'not-found', 'John has 21 chapters');
    expectError('John 3:37', 'not-found', 'John 3 has 36 verses');
    expectError('John 0:1', 'not-found', 'John has no chapter 0: chapters are numbered from 1');
    expectError('John 3:0', 'not-found', 'John 3 has no verse 0: verses are numbered from 1');
    expectError('Obadiah 0', 'not-found', 'Obadiah has no chapter 0: chapters are numbered from 1');
    expectError('John 3:16-40', 'not-found', 'John 3 has 36 verses');
    expectError('Gen 1:1-1000', 'not-found', 'Genesis 1 has 31 verses');
    expectError('John 1234:1', 'not-found', 'John has 21 chapters');
    expectError('John 99999999999999999999', 'not-found', 'John has 21 chapters');
    expectError('John 3:18-3:16', 'syntax', 'the range John 3:18-3:16 runs backwards');
    expectError('John 3:18-16', 'syntax', 'the range John 3:18-3:16 runs backwards');
    expectError('John 4-3', 'syntax', 'the range John 4-3 runs backwards');
    expectError('Jhon 3:16', 'not-found', "unknown book 'Jhon' (did you mean John?)");
    expectError('Genisis 1', 'not-found', "unknown book 'Genisis' (did you mean Genesis?)");
    expectError('Xyzzy 1:1', 'not-found', "unknown book 'Xyzzy'");
    expectError('Obadiah 1:22', 'not-found', 'Obadiah 1 has 21 verses');
    expectError('John', 'syntax', "cannot read 'John': use Book c, Book c:v, Book c:v-v, Book c:v-c:v or Book c-c");
    expectError(
      'John 3:16:2',
      'syntax',
      "cannot read 'John 3:16:2': use Book c, Book c:v, Book c:v-v, Book c:v-c:v or Book c-c",
    );
    expectError('', 'syntax', 'empty reference');
    expectError(() => parseReferenceList(' ; '), 'syntax', 'no reference given');
  });

  it("enforces the contract's limits", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `John ${i + 1}:1`).join(';');
    expectError(
      () => checkPassageLimits(parseReferenceList(eleven)),
      'limit',
      'at most 10 references per request (got 11)',
    );
    expectError(
      () => checkPassageLimits(parseReferenceList('Genesis 1-5')),
      'limit',
      'a reference may span at most 4 chapters: Genesis 1-5 spans 5',
    );
    expect(() => checkPassageLimits(parseReferenceList(eleven.split(';').slice(0, 10).join(';')))).not.toThrow();
    expect(() => checkPassageLimits(parseReferenceList('Genesis 1:5-4:2'))).not.toThrow();
  });

  it('formats canonically', () => {
    const cases: Array<[string, string]> = [
      ['jn 3:16', 'John 3:16'],
      ['Gen 1:1-2:3', 'Genesis 1:1-2:3'],
      ['Ps 23', 'Psalms 23'],
      ['psalm 23:1-6', 'Psalms 23'],
      ['Gen 1-3', 'Genesis 1-3'],
      ['John 3:16-18', 'John 3:16-18'],
      ['Jude 3', 'Jude 1:3'],
      ['John 3:16-3:16', 'John 3:16'],
    ];
    for (const [input, text] of cases) expect(formatReference(parseReference(input))).toBe(text);
  });

  it('lists the verses a reference covers and splits long ones', () => {
    expect(referenceVerses(parseReference('John 3:35-4:2'))).toEqual([
      { chapter: 3, verse: 35 },
      { chapter: 3, verse: 36 },
      { chapter: 4, verse: 1 },
      { chapter: 4, verse: 2 },
    ]);
    expect(referenceVerses(parseReference('Psalms 119'))).toHaveLength(176);
    expect(splitReference(parseReference('Genesis 1-50')).map(formatReference)).toHaveLength(13);
    expect(splitReference(parseReference('Genesis 1:3-9:2')).map(formatReference)).toEqual([
      'Genesis 1:3-4:26',
      'Genesis 5-8',
      'Genesis 9:1-2',
    ]);
  });

  it('round-trips: formatting a parsed reference and parsing it again gives the same reference', () => {
    const arbitraryReference = fc
      .record({
        book: fc.integer({ min: 0, max: 65 }),
        a: fc.nat(),
        b: fc.nat(),
        c: fc.nat(),
        d: fc.nat(),
      })
      .map(({ book: bi, a, b, c, d }): Reference => {
        const book = BOOKS[bi]!;
        const ch1 = (a % book.chapters) + 1;
        const ch2 = ch1 + (b % Math.min(4, book.chapters - ch1 + 1));
        const v1 = (c % book.verseCounts[ch1 - 1]!) + 1;
        const minV2 = ch2 === ch1 ? v1 : 1;
        const v2 = minV2 + (d % (book.verseCounts[ch2 - 1]! - minV2 + 1));
        return { book, start: { chapter: ch1, verse: v1 }, end: { chapter: ch2, verse: v2 } };
      });
    fc.assert(
      fc.property(arbitraryReference, (ref) => {
        const again = parseReference(formatReference(ref));
        expect(again.book.number).toBe(ref.book.number);
        expect(again.start).toEqual(ref.start);
        expect(again.end).toEqual(ref.end);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws anything but a InvalidReferenceError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        try {
          parseReference(s);
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidReferenceError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
