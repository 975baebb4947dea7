import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, matchedWords } from '../../src/core/search/matches.js';
import {
  parseSearchQuery,
  SearchQueryError,
  textTokens,
  tokenPattern,
  wantedTerms,
} from '../../src/core/search/query.js';
import { parseScope } from '../../src/core/search/scope.js';
import { compileSearch, ftsTerm } from '../../src/library/store/search-sql.js';

const word = (...tokens: string[]) => ({ kind: 'text', tokens, prefix: false });

describe('the search query parser', () => {
  it('reads words as required whole words, case kept out', () => {
    expect(parseSearchQuery('Faith  love')).toEqual({
      clauses: [
        { negated: false, anyOf: [word('faith')] },
        { negated: false, anyOf: [word('love')] },
      ],
    });
  });

  it('reads phrases, OR groups, exclusions, prefixes and Strong numbers', () => {
    expect(parseSearchQuery('"God so loved" angel OR angels -fear bless* g0025 H430').clauses).toEqual([
      { negated: false, anyOf: [word('god', 'so', 'loved')] },
      { negated: false, anyOf: [word('angel'), word('angels')] },
      { negated: true, anyOf: [word('fear')] },
      { negated: false, anyOf: [{ kind: 'text', tokens: ['bless'], prefix: true }] },
      { negated: false, anyOf: [{ kind: 'strongs', number: 'G25' }] },
      { negated: false, anyOf: [{ kind: 'strongs', number: 'H430' }] },
    ]);
  });

  it('lets OR bind tighter than the implied AND, and chains', () => {
    expect(parseSearchQuery('a OR b OR c d').clauses.map((c) => c.anyOf.length)).toEqual([3, 1]);
  });

  it('takes AND as a space and NOT x as -x; lower-case or/and/not are words', () => {
    expect(parseSearchQuery('faith AND NOT fear')).toEqual(parseSearchQuery('faith -fear'));
    expect(parseSearchQuery('or and not').clauses).toHaveLength(3);
  });

  it('reads a hyphenated or apostrophe word as the phrase of its tokens, and a quoted phrase prefix', () => {
    expect(parseSearchQuery("Beth-el LORD's").clauses.map((c) => c.anyOf[0])).toEqual([
      word('beth', 'el'),
      word('lord', 's'),
    ]);
    expect(parseSearchQuery('"so lov"*').clauses[0]?.anyOf[0]).toEqual({
      kind: 'text',
      tokens: ['so', 'lov'],
      prefix: true,
    });
  });

  it('treats sentence punctuation of a pasted verse as space', () => {
    expect(parseSearchQuery('faith, hope; charity.')).toEqual(parseSearchQuery('faith hope charity'));
  });

  it('lists the terms a result shows (not the excluded ones)', () => {
    expect(wantedTerms(parseSearchQuery('a OR b -c G25'))).toEqual([
      word('a'),
      word('b'),
      { kind: 'strongs', number: 'G25' },
    ]);
  });

  const BAD: Array<[string, RegExp]> = [
    ['', /^the query is empty/],
    ['   ,. ', /^the query is empty/],
    ['"God so loved', /^unbalanced quote: the phrase opened at position 1 is not closed$/],
    ['love "', /^unbalanced quote/],
    ['""', /^the phrase at position 1 has no words in it$/],
    ['love -', /^'-' at position 6 must be followed by a word to exclude/],
    ['-', /^'-' at position 1 must be followed/],
    ['-- love', /^'-' at position 1 must be followed/],
    ['-fear', /^the query only excludes/],
    ['-fear NOT love', /^the query only excludes/],
    ['NEAR(love faith)', /^'\(' at position 5 is not part of the search language/],
    ['text:love', /^':' at position 5 is not part of the search language/],
    ['^love', /^'\^' at position 1 is not part of the search language/],
    ['love + faith', /^'\+' at position 6/],
    ['*', /^'\*' at position 1 must end a word/],
    ['love **', /^'\*' at position 6 must end a word/],
    ['lov*e', /^'\*' at position 4 must end a word: a \* stands only at the end, like lov\*$/],
    ['OR love', /^OR at position 1 needs a word on each side/],
    ['love OR', /^OR at position 6 needs a word on each side/],
    ['love OR OR faith', /^OR at position 9 needs a word on each side/],
    ['love OR -faith', /^OR before position 9 cannot join an excluded word/],
    ['-love OR faith', /^OR at position 7 cannot join an excluded word/],
    ['love NOT', /^NOT at position 6 needs a word after it/],
    ['AND love', /^AND at position 1 needs a word on each side/],
    [`${'a '.repeat(33)}`, /^the query has more than 32 terms$/],
    ['x'.repeat(501), /^the query is longer than 500 characters$/],
  ];
  it.each(BAD)('rejects %j with a sentence saying why', (input, message) => {
    expect(() => parseSearchQuery(input)).toThrow(SearchQueryError);
    expect(() => parseSearchQuery(input)).toThrow(message);
  });

  it('never lets user text reach FTS5 as syntax: any input parses to a valid expression or a SearchQueryError', () => {
    const db = new Database(':memory:');
    db.exec(
      "CREATE TABLE verses (id INTEGER PRIMARY KEY, translation TEXT, book INT, chapter INT, verse INT, text TEXT); CREATE VIRTUAL TABLE verses_words_fts USING fts5(text, content='verses', content_rowid='id'); CREATE TABLE strongs_occurrences (number TEXT, translation TEXT, book INT, chapter INT, verse INT, idx INT);",
    );
    db.prepare('INSERT INTO verses VALUES (1, ?, 1, 1, 1, ?)').run('kjv', 'In the beginning God created the heaven');
    db.exec("INSERT INTO verses_words_fts(verses_words_fts) VALUES ('rebuild')");
    const alphabet = fc.constantFrom(...'ab "-*():^+{}[],.OR NEAR AND NOT G25 h1 é\u0301\'\u2019\\\n\t'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')),
        ),
        (input) => {
          let query: ReturnType<typeof parseSearchQuery>;
          try {
            query = parseSearchQuery(input);
          } catch (err) {
            expect(err).toBeInstanceOf(SearchQueryError);
            return;
          }
          for (const term of query.clauses.flatMap((c) => c.anyOf))
            if (term.kind === 'text') for (const t of term.tokens) expect(t).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
          const compiled = compileSearch(query, parseScope(undefined), { first: 1, last: 10 }, () => [1]);
          const from = compiled.match
            ? 'verses v JOIN (SELECT rowid, rank FROM verses_words_fts WHERE verses_words_fts MATCH ?) f ON f.rowid = v.id'
            : 'verses v';
          const sql = `SELECT count(*) FROM ${from} WHERE v.translation = ? AND ${compiled.where.join(' AND ')}`;
          db.prepare(sql).get(...(compiled.match ? [compiled.match] : []), 'kjv', ...compiled.params);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the FTS5 side', () => {
  it('quotes every term and marks prefixes', () => {
    expect(ftsTerm({ kind: 'text', tokens: ['god', 'so'], prefix: false })).toBe('"god so"');
    expect(ftsTerm({ kind: 'text', tokens: ['bless'], prefix: true })).toBe('"bless"*');
  });

  it('puts word clauses in one MATCH with NOT, Strong numbers on the concordance', () => {
    const c = compileSearch(
      parseSearchQuery('faith OR hope love -fear G25'),
      [{ from: 40, to: 66 }],
      { first: 1, last: 31102 },
      () => [7, 9],
    );
    expect(c.match).toBe('("faith" OR "hope") AND "love" NOT ("fear")');
    expect(c.params).toEqual(['[7,9]', 40, 66]);
  });

  it('finds the matched words of a verse as it spells them: words, prefixes, phrases with their punctuation', () => {
    const q = (text: string) => parseSearchQuery(text).clauses.flatMap((c) => c.anyOf);
    const verse = 'For God so loved the world, that he gave his only begotten Son; God is love.';
    expect(matchedWords(verse, q('"God so loved" love'))).toEqual(['God so loved', 'love']);
    expect(matchedWords(verse, q('god beg*'))).toEqual(['God', 'begotten']);
    expect(matchedWords(verse, q('"world that he"'))).toEqual(['world, that he']);
    expect(matchedWords('Jehová dijo', q('jehova'))).toEqual(['Jehová']);
    expect(matchedWords(verse, q('G25 lovely'))).toEqual([]);
  });

  it('tokenizes as unicode61 does: letters, marks and digits', () => {
    expect(textTokens('Jehová’s 144,000')).toEqual(['jehová', 's', '144', '000']);
  });

  it('reads ASCII text (and its typographic punctuation) with ASCII classes to the same tokens and folds', () => {
    const alphabet = fc.constantFrom(..."aZ09 _-'’“—\u2000\u206f\u2070é\u0301æ𝐀\u00a0".split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(alphabet, { maxLength: 30 }).map((a) => a.join('')),
        ),
        (text) => {
          const tokens = text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
          expect(text.match(tokenPattern(text)) ?? []).toEqual(tokens);
          for (const t of tokens)
            expect(fold(t)).toBe(
              t
                .normalize('NFD')
                .replace(/\p{M}+/gu, '')
                .toLowerCase(),
            );
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the search scope', () => {
  it('reads testaments, books, ranges and lists', () => {
    expect(parseScope(undefined)).toEqual([{ from: 1, to: 90 }]);
    expect(parseScope('deuterocanon')).toEqual([{ from: 67, to: 90 }]);
    expect(parseScope('Sir')).toEqual([{ from: 72, to: 72 }]);
    expect(parseScope('OT')).toEqual([{ from: 1, to: 39 }]);
    expect(parseScope('nt')).toEqual([{ from: 40, to: 66 }]);
    expect(parseScope('Rom')).toEqual([{ from: 45, to: 45 }]);
    expect(parseScope('Matt-John')).toEqual([{ from: 40, to: 43 }]);
    // The groups readers name: the Law, the Gospels, Paul's letters (Romans-Philemon), and so on.
    expect(parseScope('gospels')).toEqual([{ from: 40, to: 43 }]);
    expect(parseScope('Law,Poetry')).toEqual([
      { from: 1, to: 5 },
      { from: 18, to: 22 },
    ]);
    expect(parseScope('paul')).toEqual([{ from: 45, to: 57 }]);
    expect(parseScope('epistles')).toEqual([{ from: 45, to: 65 }]);
    expect(parseScope('history,prophets')).toEqual([
      { from: 6, to: 17 },
      { from: 23, to: 39 },
    ]);
    expect(parseScope('1 John – Jude, Ps')).toEqual([
      { from: 19, to: 19 },
      { from: 62, to: 65 },
    ]);
  });

  it('joins parts that touch or overlap, so any scope is at most 33 ranges', () => {
    expect(parseScope('Gen,Exod,Gen,Lev-Deut,Ps')).toEqual([
      { from: 1, to: 5 },
      { from: 19, to: 19 },
    ]);
    expect(parseScope('nt,Matt-John')).toEqual([{ from: 40, to: 66 }]);
    const everyOtherBook = Array.from({ length: 33 }, (_, i) => String(2 * i + 1)).join(',');
    expect(parseScope(everyOtherBook)).toHaveLength(33);
  });

  it('refuses more parts than there are books before resolving any', () => {
    expect(() => parseScope(Array(67).fill('Gen').join(','))).toThrow('search scope has 67 parts; at most 66');
    expect(() => parseScope(Array(1001).fill('Gen').join(','))).toThrow('search scope has 1001 parts; at most 66');
  });

  it('rejects unknown books, backward ranges and empty parts', () => {
    expect(() => parseScope('Romams')).toThrow("search scope: unknown book 'Romams' (did you mean Romans?)");
    expect(() => parseScope('John-Matt')).toThrow("search scope 'John-Matt': Matthew comes before John");
    expect(() => parseScope('Rom,')).toThrow("search scope 'Rom,' has an empty part");
  });
});
