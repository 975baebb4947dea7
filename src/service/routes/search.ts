import { bookByNumber } from '../../core/canon/canon.js';
import { parseSearchQuery, type SearchQuery, SearchQueryError } from '../../core/search/query.js';
import { type BookSpan, parseScope } from '../../core/search/scope.js';
import { readable } from '../access.js';
import { invalid } from '../errors.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { PageParams, readPage } from './page.js';
import { optionalText, PathParams, requiredQuery } from './params.js';

const bookName = (n: number) => (bookByNumber(n) as { name: string }).name;

/** A query and scope as parsed, or the parser's sentence as a 400. */
function parsed(q: string, scope: string | undefined): { query: SearchQuery; spans: BookSpan[] } {
  try {
    return { query: parseSearchQuery(q), spans: parseScope(scope) };
  } catch (err) {
    if (err instanceof SearchQueryError) throw invalid(err.message);
    throw err;
  }
}

function flag(name: string, value: string | undefined, values: readonly string[]): string | undefined {
  if (value !== undefined && !values.includes(value))
    throw invalid(`query parameter '${name}' must be ${values.join(' or ')}`);
  return value;
}

const searchVerses = operation(
  {
    path: '/v1/data/bible/{translation}/search',
    summary: 'Search the verses of a translation (extension)',
    description:
      'Whole words, case-insensitive, all required; "a phrase"; a OR b; -word excludes; word* a prefix; a Strong\'s number (G25, H430) matches the words tagged with it in a tagged translation. A query outside this language is 400 with the reason.',
    operationId: 'searchVerses',
    tags: ['bible'],
    extension: true,
    request: {
      params: { translation: PathParams.translation },
      query: {
        q: requiredQuery('q', 1, 'The query, e.g. faith love, "God so loved", angel OR angels, bless*, G25'),
        in: optionalText({
          description: 'Scope: ot, nt, a book (Rom), a range of books (Matt-John), comma-separated',
        }),
        stem: optionalText({ enum: ['true', 'false'], description: 'true: words also match their inflections' }),
        order: optionalText({
          enum: ['canonical', 'relevance'],
          description: 'canonical (default) or relevance (bm25)',
        }),
        ...PageParams,
      },
    },
    data: (s) => s.SearchResult,
    statuses: STATUSES.lookup,
  },
  async (deps, principal, input) => {
    const { translation } = input.params;
    const params = input.query;
    const resource = readable(deps.store, principal, 'bible', translation);
    const { query, spans } = parsed(params.q, params.in);
    const stem = flag('stem', params.stem, ['true', 'false']) === 'true';
    const order = (flag('order', params.order, ['canonical', 'relevance']) ?? 'canonical') as 'canonical' | 'relevance';
    const page = readPage(params);
    const wantsStrongs = query.clauses.some((cl) => cl.anyOf.some((t) => t.kind === 'strongs'));
    if (wantsStrongs && !deps.store.isStrongsTagged(resource.id))
      throw invalid(`${resource.id} is not tagged with Strong's numbers; search a tagged translation such as kjv`);
    // In slices, between which the service answers others: a search may read most of a translation.
    const found = await deps.store.searchWordsInTurns(resource.id, query, { scope: spans, stem, order, ...page });
    const results = found.hits.map((h) => {
      const book = bookName(h.book);
      return {
        ref: `${book} ${h.chapter}:${h.verse}`,
        book,
        chapter: h.chapter,
        v: h.verse,
        text: h.text,
        ...(h.title ? { title: h.title } : {}),
        matches: h.matches,
      };
    });
    return {
      query: params.q,
      translation: resource.id,
      total: found.total,
      byBook: found.byBook.map((b) => ({ book: bookName(b.book), count: b.count })),
      results,
      attribution: resource.attribution,
    };
  },
);

export const searchOperations = [searchVerses];
