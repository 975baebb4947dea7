import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Book } from '../../core/canon/canon.js';
import { type ErrorStatus, statusDescription } from '../../core/errors.js';
import { checkChapter, checkVerse, resolveBook } from '../../core/reference/reference.js';
import type { ErrorEnvelope } from '../../core/schemas/envelope.js';
import type { AppEnv } from '../context.js';
import { fromReferenceError } from '../errors.js';
import { declareQueryNames } from '../known-query.js';
import { type ResponseSchemas, responseSchemas } from './response-schemas.js';

/** The statuses the contract allows per endpoint group. */
export const STATUSES = {
  listing: [401, 429, 500],
  slug: [401, 403, 404, 429, 500],
  search: [400, 401, 403, 429, 500],
  lookup: [400, 401, 403, 404, 429, 500],
} as const satisfies Record<string, readonly ErrorStatus[]>;

type Json<S extends z.ZodType> = { 'application/json': { schema: S } };

/** The error envelope under each status a route may answer, literally. */
export type ErrorResponses<S extends ErrorStatus> = {
  [K in S]: { description: string; content: Json<typeof ErrorEnvelope> };
};

/** The responses of a data route, literally: what a handler's 200 must carry, and each error status. */
export type DataResponses<D extends z.ZodType, S extends ErrorStatus> = {
  200: { description: string; content: Json<z.ZodObject<{ success: z.ZodLiteral<true>; data: D }>> };
} & ErrorResponses<S>;

/** The error responses of a route, each status described by the codes it carries on that interface. */
export function errorResponses<S extends ErrorStatus>(statuses: readonly S[], on: 'data' | 'chat'): ErrorResponses<S> {
  const { ErrorEnvelope } = responseSchemas();
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: statusDescription(status, on), content: { 'application/json': { schema: ErrorEnvelope } } },
    ]),
  ) as ErrorResponses<S>;
}

export type DataMiddleware = MiddlewareHandler<AppEnv>[];

/** Marks a route that the contract does not name; listed under this tag in /openapi.json. */
export const EXTENSIONS_TAG = 'extensions';

/**
 * A GET data route: success envelope around `data`, the error envelope for each allowed status.
 * The returned route keeps its literal types, so the handler registered for it is checked
 * against `data` (see `ok`). `extension: true` tags it `extensions`: a route the contract does
 * not name, served under the same envelope, keys, scopes, quota and Cache-Control.
 */
export function dataRoute<
  P extends string,
  D extends z.ZodType,
  S extends ErrorStatus,
  R extends NonNullable<RouteConfig['request']> = Record<never, never>,
>(spec: {
  path: P;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  extension?: boolean;
  request?: R;
  /** The schema of `data`, from the contract's schemas: read only when the route is mounted or documented. */
  data: (schemas: ResponseSchemas) => D;
  statuses: readonly S[];
  middleware: DataMiddleware;
}) {
  const query = (spec.request as { query?: z.ZodObject } | undefined)?.query;
  declareQueryNames(spec.path, query ? Object.keys(query.shape) : []);
  const route = declared({
    method: 'get',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description ?? spec.summary,
    tags: spec.extension ? [...spec.tags, EXTENSIONS_TAG] : spec.tags,
    middleware: spec.middleware,
    request: (spec.request ?? {}) as R,
    responses: undefined as unknown as DataResponses<D, S>,
  });
  // Built on first read (Hono's openapi() reads them when mounting the route): the embedded
  // dispatcher reads only the request, and a lookup builds no response schema.
  let responses: DataResponses<D, S> | undefined;
  Object.defineProperty(route, 'responses', {
    enumerable: true,
    get: () => {
      responses ??= {
        200: {
          description: 'Success. Carries Cache-Control: private, max-age=300.',
          content: {
            'application/json': { schema: z.object({ success: z.literal(true), data: spec.data(responseSchemas()) }) },
          },
        },
        ...errorResponses(spec.statuses, 'data'),
      } as DataResponses<D, S>;
      return responses;
    },
  });
  return route;
}

/**
 * An integer path parameter as a client writes one: decimal digits only. Number() would also
 * take `1e1`, `0x3`, `+3` or `3.0`, which the contract's "integer" does not mean.
 */
export function integerParam(name: string, min: number) {
  const rule = `${name} must be an integer of at least ${min}`;
  return z
    .string()
    .regex(/^\d+$/, rule)
    .transform(Number)
    .pipe(z.number().min(min, rule))
    .meta({ type: 'integer', minimum: min, param: { name, in: 'path', required: true } });
}

/** Path parameters shared by many routes, each with the rule the contract gives it. */
export const PathParams = {
  translation: z.string().min(1).meta({ description: 'Translation id from the catalog (case-insensitive)' }),
  id: z.string().min(1).meta({ description: 'Resource id from the catalog (case-insensitive)' }),
  book: z.string().min(1).meta({ description: 'Book number 1-66, full English name, or a common abbreviation' }),
  chapter: integerParam('chapter', 1),
  verse: integerParam('verse', 1),
};

/** A required, non-blank query string of at least `min` characters. */
export function requiredQuery(name: string, min: number, description: string) {
  return z
    .string({ error: `missing query parameter '${name}'` })
    .trim()
    .min(
      min,
      min === 1 ? `missing query parameter '${name}'` : `query parameter '${name}' must be at least ${min} characters`,
    )
    .meta({ description, minLength: min });
}

/** The book and chapter of a path, or 404 naming what does not exist. */
export function bookChapter(bookText: string, chapter: number, verse?: number): Book {
  try {
    const book = resolveBook(bookText);
    if (verse === undefined) checkChapter(book, chapter);
    else checkVerse(book, chapter, verse);
    return book;
  } catch (err) {
    throw fromReferenceError(err);
  }
}

/**
 * A route as @hono/zod-openapi's createRoute types it (its literal path, method and schemas), less
 * the getRoutingPath() it adds for Hono's RPC client, which nothing here calls: the embedded
 * dispatcher builds routes without loading that package.
 */
function declared<R extends RouteConfig>(route: R): R {
  return route;
}
