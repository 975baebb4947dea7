import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { errorBody } from './errors.js';

/**
 * The query parameters each data route knows, by its Hono path (`/v1/data/bible/:translation/passage`),
 * declared where the route is defined (dataRoute). What a request sends beyond them is ignored.
 */
const QUERY_NAMES = new Map<string, readonly string[]>();

/** Declares a route's query parameters; `openApiPath` is in OpenAPI form (`{name}`). */
export function declareQueryNames(openApiPath: string, names: readonly string[]): void {
  QUERY_NAMES.set(honoPath(openApiPath), [...names].sort());
}

const honoPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

/** The query parameters a route declared, sorted, by its OpenAPI path (the embedded dispatcher's lookup). */
export function declaredQueryNames(openApiPath: string): readonly string[] | undefined {
  return QUERY_NAMES.get(honoPath(openApiPath));
}

/** The query parameters the matched route knows, sorted; undefined for a route that declared none. */
export function knownQueryNames(c: Context<AppEnv>): readonly string[] | undefined {
  return QUERY_NAMES.get(c.req.routePath);
}

/**
 * The 400 for a known query parameter given more than once (`?limit=1&limit=2`): which one was
 * meant is not ours to guess, and the schema would see an array and answer in zod's words.
 * `queries` is every parameter's values, as Hono's `c.req.queries()` gives them.
 */
export function repeatedQueryError(
  names: readonly string[] | undefined,
  queries: Record<string, string[] | undefined>,
): ReturnType<typeof errorBody> | undefined {
  const name = names?.find((n) => (queries[n]?.length ?? 0) > 1);
  return name === undefined ? undefined : errorBody('INVALID_REQUEST', `query parameter '${name}' may be given once`);
}

/** Answers `repeatedQueryError` on the matched route's known parameters. */
export function singleQueryValues(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const names = knownQueryNames(c);
    // One parse of the query string for all names (each c.req.queries(name) parses it again).
    const error = names?.length ? repeatedQueryError(names, c.req.queries()) : undefined;
    if (error) return c.json(error, 400);
    return next();
  };
}
