import { asciiWords } from '../text/ascii.js';
/**
 * The verse-search query language, parsed into a small tree that the library turns into its
 * index's syntax. Pure: no I/O, no SQL. What a person may type:
 *
 *   faith love          whole words, case-insensitive, all required
 *   "God so loved"      a phrase (punctuation inside the quotes is ignored)
 *   angel OR angels     either (OR binds tighter than the implied AND: `a OR b c` is (a or b) and c)
 *   -fear               excludes verses with the word (or -"a phrase")
 *   bless*              any word starting with bless
 *   G25  H430           the words tagged with that Strong's number
 *
 * `AND` is accepted and means what a space means; `NOT x` means `-x`. Anything else that is
 * not a word (brackets, colons, carets, a lone `-` or `*`) is an error naming it, so the index's
 * own syntax (NEAR(...), column:, ^) can never be reached from here.
 */

/** A word, a word prefix or a phrase: the index tokens to match in order (one token for a plain word). */
export interface TextTerm {
  kind: 'text';
  tokens: string[];
  /** The last token is a prefix (`bless*`). */
  prefix: boolean;
}

export interface StrongsTerm {
  kind: 'strongs';
  /** Normalised: G or H, no leading zeros (G25, H430). */
  number: string;
}

export type SearchTerm = TextTerm | StrongsTerm;

/** Terms of which at least one must match (one term when there is no OR), or none when negated. */
export interface SearchClause {
  negated: boolean;
  anyOf: SearchTerm[];
}

export interface SearchQuery {
  clauses: SearchClause[];
}

export const MAX_QUERY_LENGTH = 500;
export const MAX_QUERY_TERMS = 32;

export class SearchQueryError extends Error {
  override name = 'SearchQueryError';
}

const STRONGS = /^([GH])0*(\d{1,5})$/i;

interface WordPatterns {
  /** Characters of a word, as the index's tokenizer (unicode61) sees them: letters, marks, digits. */
  token: RegExp;
  /** What a bare word may contain: token characters, and apostrophes and hyphens inside it. */
  wordChar: RegExp;
  /** Sentence punctuation a pasted verse brings along; read as space. */
  spaceLike: RegExp;
}

/** The patterns for such text: the \p{…} classes hold no other character of it. */
const ASCII_PATTERNS: WordPatterns = {
  token: /[A-Za-z0-9]+/g,
  wordChar: /[A-Za-z0-9'\u2019-]/,
  spaceLike: /[\s,.;!?]/,
};
let unicodePatterns: WordPatterns | undefined;

/**
 * The patterns for a text. A \p{…} class costs ~0.7 ms to make and compile, and a search reads
 * its query and then its verses, nearly always ASCII or English with typographic punctuation
 * (the KJV, the WEB); so those get ASCII classes and the \p{…} ones are made on first need.
 */
function wordPatterns(text: string): WordPatterns {
  if (asciiWords(text)) return ASCII_PATTERNS;
  unicodePatterns ??= {
    token: /[\p{L}\p{M}\p{N}]+/gu,
    wordChar: /[\p{L}\p{M}\p{N}'\u2019-]/u,
    spaceLike: /[\s,.;!?]/u,
  };
  return unicodePatterns;
}

/** The pattern (global) of the index's tokens in a text: runs of letters, marks and digits. */
export function tokenPattern(text: string): RegExp {
  return wordPatterns(text).token;
}

/** The index tokens of a piece of text (lower-cased; diacritics are the index's business). */
export function textTokens(text: string): string[] {
  const nfc = text.normalize('NFC');
  return (nfc.match(tokenPattern(nfc)) ?? []).map((t) => t.toLowerCase());
}

type Lexeme =
  | { type: 'term'; negated: boolean; term: SearchTerm; at: number }
  | { type: 'or'; at: number }
  | { type: 'and'; at: number }
  | { type: 'not'; at: number };

function fail(message: string): never {
  throw new SearchQueryError(message);
}

function describeChar(ch: string): string {
  return ch === "'" ? '"\'"' : `'${ch}'`;
}

/** Splits the query into terms and operators, rejecting anything outside the language. */
function lex(input: string): Lexeme[] {
  const out: Lexeme[] = [];
  const { wordChar, spaceLike } = wordPatterns(input);
  let i = 0;
  while (i < input.length) {
    const ch = input[i] as string;
    if (spaceLike.test(ch)) {
      i++;
      continue;
    }
    const at = i;
    let negated = false;
    if (ch === '-') {
      const next = input[i + 1];
      if (next === undefined || spaceLike.test(next) || next === '-')
        fail(`'-' at position ${at + 1} must be followed by a word to exclude, like -fear`);
      negated = true;
      i++;
    }
    const c = input[i] as string;
    if (c === '"') {
      const close = input.indexOf('"', i + 1);
      if (close < 0) fail(`unbalanced quote: the phrase opened at position ${i + 1} is not closed`);
      const tokens = textTokens(input.slice(i + 1, close));
      if (!tokens.length) fail(`the phrase at position ${i + 1} has no words in it`);
      i = close + 1;
      const prefix = input[i] === '*';
      if (prefix) i++;
      out.push({ type: 'term', negated, term: { kind: 'text', tokens, prefix }, at });
      continue;
    }
    if (wordChar.test(c) && c !== '-' && c !== "'" && c !== '\u2019') {
      let end = i;
      while (end < input.length && wordChar.test(input[end] as string)) end++;
      const word = input.slice(i, end);
      const prefix = input[end] === '*';
      i = prefix ? end + 1 : end;
      // "lov*e" is no prefix of anything the index reads: said, rather than searched as "lov* e".
      if (prefix && i < input.length && wordChar.test(input[i] as string))
        fail(`'*' at position ${end + 1} must end a word: a * stands only at the end, like ${word}*`);
      if (!negated && !prefix && (word === 'OR' || word === 'AND' || word === 'NOT')) {
        out.push({ type: word === 'OR' ? 'or' : word === 'AND' ? 'and' : 'not', at } as Lexeme);
        continue;
      }
      const strongs = prefix ? null : word.match(STRONGS);
      const term: SearchTerm = strongs
        ? { kind: 'strongs', number: `${(strongs[1] as string).toUpperCase()}${Number(strongs[2])}` }
        : { kind: 'text', tokens: textTokens(word), prefix };
      out.push({ type: 'term', negated, term, at });
      continue;
    }
    if (c === '*') fail(`'*' at position ${i + 1} must end a word, like bless*`);
    if (c === '"') fail(`unbalanced quote at position ${i + 1}`);
    fail(
      `${describeChar(c)} at position ${i + 1} is not part of the search language: use words, "a phrase", a OR b, -word, word* or a Strong's number like G25`,
    );
  }
  return out;
}

/** Parses a search query, or throws a SearchQueryError whose message says what is wrong and where. */
export function parseSearchQuery(input: string): SearchQuery {
  if (input.length > MAX_QUERY_LENGTH) fail(`the query is longer than ${MAX_QUERY_LENGTH} characters`);
  const lexemes = lex(input);
  if (!lexemes.length) fail('the query is empty: give at least one word to look for');
  const clauses: SearchClause[] = [];
  let pendingOr = false;
  let pendingNot = false;
  let terms = 0;
  for (const [n, lexeme] of lexemes.entries()) {
    const pos = `at position ${lexeme.at + 1}`;
    if (lexeme.type === 'or') {
      const last = clauses[clauses.length - 1];
      if (!last || pendingOr || pendingNot || n === lexemes.length - 1)
        fail(`OR ${pos} needs a word on each side, like angel OR angels`);
      if (last.negated) fail(`OR ${pos} cannot join an excluded word; exclude each one: -a -b`);
      pendingOr = true;
      continue;
    }
    if (lexeme.type === 'and') {
      if (!clauses.length || pendingOr || pendingNot || n === lexemes.length - 1)
        fail(`AND ${pos} needs a word on each side`);
      continue;
    }
    if (lexeme.type === 'not') {
      if (pendingOr || pendingNot || n === lexemes.length - 1) fail(`NOT ${pos} needs a word after it, like NOT fear`);
      pendingNot = true;
      continue;
    }
    if (++terms > MAX_QUERY_TERMS) fail(`the query has more than ${MAX_QUERY_TERMS} terms`);
    const negated = lexeme.negated || pendingNot;
    if (lexeme.term.kind === 'text' && !lexeme.term.tokens.length) fail(`the term ${pos} has no letters or digits`);
    if (pendingOr) {
      if (negated) fail(`OR before position ${lexeme.at + 1} cannot join an excluded word; exclude each one: -a -b`);
      (clauses[clauses.length - 1] as SearchClause).anyOf.push(lexeme.term);
    } else {
      clauses.push({ negated, anyOf: [lexeme.term] });
    }
    pendingOr = false;
    pendingNot = false;
  }
  if (!clauses.some((c) => !c.negated)) fail('the query only excludes: give at least one word to look for');
  return { clauses };
}

/** The terms whose matches a result shows (every term of a clause that is not negated). */
export function wantedTerms(query: SearchQuery): SearchTerm[] {
  return query.clauses.filter((c) => !c.negated).flatMap((c) => c.anyOf);
}
