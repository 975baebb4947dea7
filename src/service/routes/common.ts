import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Book } from '../../core/canon/canon.js';
import { type ErrorStatus, statusDescription } from '../../core/errors.js';
import { checkChapter, checkVerse, resolveBook } from '../../core/reference/reference.js';
import type { ErrorEnvelope } from '../../core/schemas/envelope.js';
import type { AppEnv } from '../context.js';
import { fromReferenceError } from '../errors.js';
import { declareQueryNames } from '../known-query.js';
import type { ParamShape, RequestParams, ShapeSchema } from './params.js';
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
  Params extends ParamShape | undefined = undefined,
  Query extends ParamShape | undefined = undefined,
>(spec: {
  path: P;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  extension?: boolean;
  /** Its parameters, each read by its own rule (params.ts); documented by their zod schemas. */
  request?: { params?: Params; query?: Query };
  /** The schema of `data`, from the contract's schemas: read only when the route is mounted or documented. */
  data: (schemas: ResponseSchemas) => D;
  statuses: readonly S[];
  middleware: DataMiddleware;
}) {
  const request: RequestParams = spec.request ?? {};
  declareQueryNames(spec.path, Object.keys(request.query ?? {}));
  const route = declared({
    method: 'get',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description ?? spec.summary,
    tags: spec.extension ? [...spec.tags, EXTENSIONS_TAG] : spec.tags,
    middleware: spec.middleware,
    request: undefined as unknown as RequestSchemas<Params, Query>,
    responses: undefined as unknown as DataResponses<D, S>,
  });
  requestParams.set(route, request);
  // Both built on first read, by mount() and /openapi.json once the whole app has loaded zod: the
  // embedded dispatcher reads the parameters' own rules, and a lookup builds no zod schema.
  let schemas: RequestSchemas<Params, Query> | undefined;
  Object.defineProperty(route, 'request', {
    enumerable: true,
    get: () => {
      const { z } = responseSchemas();
      const object = (shape: ParamShape) =>
        z.object(Object.fromEntries(Object.entries(shape).map(([name, p]) => [name, p.doc(z)])));
      schemas ??= {
        ...(request.params ? { params: object(request.params) } : {}),
        ...(request.query ? { query: object(request.query) } : {}),
      } as RequestSchemas<Params, Query>;
      return schemas;
    },
  });
  let responses: DataResponses<D, S> | undefined;
  Object.defineProperty(route, 'responses', {
    enumerable: true,
    get: () => {
      const { z } = responseSchemas();
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

/** A data route's request as @hono/zod-openapi types it: a zod object per part, so c.req.valid is typed. */
type RequestSchemas<Params, Query> = (Params extends ParamShape
  ? { params: ShapeSchema<Params> }
  : Record<never, never>) &
  (Query extends ParamShape ? { query: ShapeSchema<Query> } : Record<never, never>);

/** Each data route's parameters, by its declaration: read by mount() and the embedded dispatcher. */
const requestParams = new WeakMap<object, RequestParams>();

/** The parameters of a route dataRoute declared, or undefined for another route. */
export function paramsOf(route: object): RequestParams | undefined {
  return requestParams.get(route);
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
