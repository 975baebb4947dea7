import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from '../../core/limits.js';
import { invalid } from '../errors.js';
import { optionalText } from './params.js';

/** `limit` and `offset` of a paged extension, documented; read with `readPage` for one clear 400 each. */
export const PageParams = {
  limit: optionalText({
    type: 'integer',
    minimum: 0,
    maximum: SEARCH_LIMIT_MAX,
    default: SEARCH_LIMIT_DEFAULT,
    description: `Results in this page, 0-${SEARCH_LIMIT_MAX} (0: only the counts)`,
  }),
  offset: optionalText({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'Results to skip (canonical or relevance order)',
  }),
};

const MAX_OFFSET = 1_000_000;

function integer(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,7}$/.test(text) || Number(text) > max)
    throw invalid(`query parameter '${name}' must be an integer from 0 to ${max}`);
  return Number(text);
}

/** `offset` alone, for a list whose `limit` is the contract's own (the stories). */
export const OffsetParam = optionalText({
  type: 'integer',
  minimum: 0,
  maximum: MAX_OFFSET,
  description: "Extension: results to skip, in the list's order; the answer then says the offset it used",
  'x-extension': true,
});

/** The `offset` asked for, or undefined when none was given. */
export function readOffset(text: string | undefined): number | undefined {
  return text === undefined ? undefined : integer('offset', text, 0, MAX_OFFSET);
}

export function readPage(query: { limit?: string; offset?: string }): { limit: number; offset: number } {
  return {
    limit: integer('limit', query.limit, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX),
    offset: integer('offset', query.offset, 0, MAX_OFFSET),
  };
}
