import { SEARCH_LIMIT_MAX } from '../core/limits.js';
import { usageError } from './errors.js';

/**
 * Everything asked for from a paged extension, in pages as large as the service allows,
 * merged into the first page's shape. `wanted` undefined means all from `offset` on; 0 means
 * only the counts the first page carries.
 */
export async function fetchPages<R, P extends { results: R[] }>(
  fetchPage: (limit: number, offset: number) => Promise<P>,
  total: (page: P) => number,
  wanted: number | undefined,
  offset: number,
): Promise<P> {
  const limitFor = (have: number) =>
    Math.min(SEARCH_LIMIT_MAX, wanted === undefined ? SEARCH_LIMIT_MAX : wanted - have);
  const first = await fetchPage(limitFor(0), offset);
  const results = [...first.results];
  let next = offset + first.results.length;
  while (
    first.results.length &&
    next < total(first) &&
    (wanted === undefined || results.length < wanted) &&
    limitFor(results.length) > 0
  ) {
    const page = await fetchPage(limitFor(results.length), next);
    if (!page.results.length) break;
    results.push(...page.results);
    next += page.results.length;
  }
  return { ...first, results };
}

/** `--limit`: a number of at least 1, or `all`; undefined when not given. */
export function parseLimit(text: string | undefined): number | 'all' | undefined {
  if (text === undefined || text === 'all') return text;
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1)
    throw usageError(`--limit must be a number of at least 1, or all (got '${text}')`);
  return Number(text);
}

/** `--offset`: how many results to skip, 0 when not given. */
export function parseOffset(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d{1,7}$/.test(text)) throw usageError(`--offset must be a number of at least 0 (got '${text}')`);
  return Number(text);
}
