import type { Command } from 'commander';
import { SEARCH_LIMIT_MAX } from '../core/limits.js';
import { quoted } from '../core/text/quoted.js';
import { wholeNumber } from './flags.js';

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

const limitNumber = wholeNumber((text) => `--limit must be a number of at least 1, or all (got ${quoted(text)})`, {
  min: 1,
  pattern: /^\d{1,7}$/,
});

/** Commander's parser for `--limit`: a number of at least 1, or `all`. */
export function parseLimit(text: string): number | 'all' {
  return text === 'all' ? text : limitNumber(text);
}

/** Commander's parser for `--offset`: how many results to skip (0 when not given). */
export const parseOffset = wholeNumber((text) => `--offset must be a number of at least 0 (got ${quoted(text)})`, {
  pattern: /^\d{1,7}$/,
});

/** On a terminal a page of 50 verses; piped or as JSON, all. */
export const TTY_PAGE = 50;

/** `--limit` and `--offset` of the paged lists (search, concordance). */
export function pageOptions(command: Command): Command {
  return command
    .option(
      '--limit <n>',
      `verses to show, or all (default ${TTY_PAGE} on a terminal, all when piped or --json)`,
      parseLimit,
    )
    .option('--offset <n>', 'verses to skip', parseOffset);
}
