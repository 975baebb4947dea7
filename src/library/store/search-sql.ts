import type { SearchClause, SearchQuery, SearchTerm, TextTerm } from '../../core/search/query.js';
import type { BookSpan } from '../../core/search/scope.js';

/** The whole-word verse index the search runs on (stemming expands words into their forms instead). */
const INDEX = 'verses_words_fts';

/**
 * One term in FTS5 syntax. The tokens are letters, marks and digits only (the parser saw to
 * that); they are quoted anyway, with quotes doubled, so no user text is ever read as syntax.
 */
export function ftsTerm(term: TextTerm): string {
  return `"${term.tokens.join(' ').replace(/"/g, '""')}"${term.prefix ? '*' : ''}`;
}

function ftsAnyOf(terms: TextTerm[]): string {
  return terms.length === 1 ? ftsTerm(terms[0] as TextTerm) : `(${terms.map(ftsTerm).join(' OR ')})`;
}

/**
 * The query with each plain word (not a phrase or prefix) widened to all the forms of the text
 * that share its stem, as alternatives in its clause: `love` becomes love OR loved OR loveth ….
 */
export function withStemForms(query: SearchQuery, forms: (word: string) => string[]): SearchQuery {
  return {
    clauses: query.clauses.map((clause) => ({
      negated: clause.negated,
      anyOf: clause.anyOf.flatMap((t): SearchTerm[] =>
        t.kind === 'text' && t.tokens.length === 1 && !t.prefix
          ? forms(t.tokens[0] as string).map((w) => ({ kind: 'text', tokens: [w], prefix: false }))
          : [t],
      ),
    })),
  };
}

const isText = (t: SearchTerm): t is TextTerm => t.kind === 'text';

/** The first and last verse id of a translation (integers from the store, not user text). */
export interface IdRange {
  first: number;
  last: number;
}

/** A query as SQL over `verses v`: an optional FTS5 join (for relevance) and WHERE conditions. */
export interface CompiledSearch {
  /** The FTS5 expression of the text-only clauses, joined as `f` with its rank; absent when there are none. */
  match?: string;
  /** The subquery that join reads, with the translation's rowid range. */
  matchSql?: string;
  where: string[];
  params: unknown[];
}

/** Verse ids from a JSON array, seeked by rowid. */
const AMONG_IDS = 'v.id IN (SELECT value FROM json_each(?))';

/**
 * Compiles a parsed query. Clauses of words only go into one FTS5 MATCH (`a AND (b OR c) NOT
 * d`), which the index answers in one pass; a clause with a Strong's number becomes the list of
 * verse ids that carry it (`strongsIds`, from the concordance), and a clause mixing both an OR
 * of the two.
 */
export function compileSearch(
  query: SearchQuery,
  scope: BookSpan[],
  ids: IdRange,
  strongsIds: (numbers: string[]) => number[],
  ranked = false,
): CompiledSearch {
  const index = INDEX;
  // The rowid range keeps the index to one translation's verses: without it a common word
  // brings every translation's matches into the join.
  const inRange = `${index} MATCH ? AND rowid BETWEEN ${ids.first} AND ${ids.last}`;
  const where: string[] = [];
  const params: unknown[] = [];
  const inIndex = (expr: string, not = false) => {
    where.push(`v.id ${not ? 'NOT IN' : 'IN'} (SELECT rowid FROM ${index} WHERE ${inRange})`);
    params.push(expr);
  };
  const textOnly = (c: SearchClause) => c.anyOf.every(isText);
  const positive = query.clauses.filter((c) => !c.negated && textOnly(c)).map((c) => ftsAnyOf(c.anyOf as TextTerm[]));
  const negative = query.clauses.filter((c) => c.negated && textOnly(c)).map((c) => ftsAnyOf(c.anyOf as TextTerm[]));
  let match: string | undefined;
  if (positive.length) {
    match = positive.join(' AND ');
    if (negative.length) match = `${match} NOT (${negative.join(' OR ')})`;
  } else {
    for (const n of negative) inIndex(n, true);
  }
  for (const clause of query.clauses.filter((c) => !textOnly(c))) {
    const numbers = clause.anyOf.flatMap((t) => (t.kind === 'strongs' ? [t.number] : []));
    const words = clause.anyOf.filter(isText);
    const verseIds = JSON.stringify(strongsIds(numbers));
    if (!words.length) {
      where.push(clause.negated ? `NOT ${AMONG_IDS}` : AMONG_IDS);
      params.push(verseIds);
    } else {
      where.push(`(v.id IN (SELECT rowid FROM ${index} WHERE ${inRange}) OR ${AMONG_IDS})`);
      params.push(ftsAnyOf(words), verseIds);
    }
  }
  where.push(`(${scope.map(() => 'v.book BETWEEN ? AND ?').join(' OR ')})`);
  for (const s of scope) params.push(s.from, s.to);
  // bm25 costs per row: asked for only when the order needs it.
  const columns = ranked ? 'rowid, rank' : 'rowid';
  return { match, matchSql: match && `SELECT ${columns} FROM ${index} WHERE ${inRange}`, where, params };
}
