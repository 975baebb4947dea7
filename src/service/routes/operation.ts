import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { ErrorStatus } from '../../core/errors.js';
import type { Principal, ServiceDeps } from '../context.js';
import { declareQueryNames } from '../known-query.js';
import { type DataResponses, EXTENSIONS_TAG, errorResponses } from './common.js';
import type { ParamShape, RequestParams, ShapeSchema } from './params.js';
import { type ResponseSchemas, responseSchemas } from './response-schemas.js';

/**
 * One data endpoint: its route (path, documentation, response schema, statuses: what /openapi.json
 * says), its parameters' rules, and what answers it, `(deps, principal, input) → data`, knowing
 * nothing of HTTP. The Hono app wraps it (router.ts `mount`: middleware, reading, the envelope);
 * the embedded dispatcher calls `handle` itself (dispatch.ts). Failures are thrown as `ApiError`s,
 * answered in the envelope by either.
 */
export interface Operation {
  readonly route: RouteConfig;
  /** Its parameters, read by their own rules (params.ts readRequest) by the app and the dispatcher alike. */
  readonly params: RequestParams;
  /** Its input is typed by its own route: a caller gives it what readRequest read by `params`. */
  handle(deps: ServiceDeps, principal: Principal, input: never): unknown;
}

/** What declares a data route: its path, documentation, parameters, the schema of its `data` and its error statuses. */
export interface DataRouteSpec<
  P extends string,
  D extends z.ZodType,
  S extends ErrorStatus,
  Params extends ParamShape | undefined,
  Query extends ParamShape | undefined,
> {
  path: P;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** A route the contract does not name: tagged `extensions`, served under the same envelope, keys, scopes, quota and Cache-Control. */
  extension?: boolean;
  /** Its parameters, each read by its own rule (params.ts); documented by their zod schemas. */
  request?: { params?: Params; query?: Query };
  /** The schema of `data`, from the contract's schemas: read only when the route is mounted or documented. */
  data: (schemas: ResponseSchemas) => D;
  statuses: readonly S[];
}

/** What an operation's handler receives: each part its route declares, as its parameters' rules read it. */
export type OperationInput<Params, Query> = Flat<
  (Params extends ParamShape ? { params: z.output<ShapeSchema<Params>> } : Record<never, never>) &
    (Query extends ParamShape ? { query: z.output<ShapeSchema<Query>> } : Record<never, never>)
>;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * A GET data operation: its route (success envelope around `data`, the error envelope for each
 * allowed status) and its handler, whose input is typed by the route's parameters and whose data by
 * the route's schema: data that does not match it is a tsc error (test/service/route-types.test.ts).
 */
export function operation<
  P extends string,
  D extends z.ZodType,
  S extends ErrorStatus,
  Params extends ParamShape | undefined = undefined,
  Query extends ParamShape | undefined = undefined,
>(
  spec: DataRouteSpec<P, D, S, Params, Query>,
  handle: (
    deps: ServiceDeps,
    principal: Principal,
    input: OperationInput<Params, Query>,
  ) => NoInfer<z.output<D>> | Promise<NoInfer<z.output<D>>>,
) {
  const params: RequestParams = spec.request ?? {};
  declareQueryNames(spec.path, Object.keys(params.query ?? {}));
  const route = declared({
    method: 'get',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description ?? spec.summary,
    tags: spec.extension ? [...spec.tags, EXTENSIONS_TAG] : spec.tags,
    request: undefined as unknown as RequestSchemas<Params, Query>,
    responses: undefined as unknown as DataResponses<D, S>,
  });
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
        ...(params.params ? { params: object(params.params) } : {}),
        ...(params.query ? { query: object(params.query) } : {}),
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
  return { route, params, handle };
}

/** A data route's request as @hono/zod-openapi types it: a zod object per part. */
type RequestSchemas<Params, Query> = (Params extends ParamShape
  ? { params: ShapeSchema<Params> }
  : Record<never, never>) &
  (Query extends ParamShape ? { query: ShapeSchema<Query> } : Record<never, never>);

/**
 * A route as @hono/zod-openapi's createRoute types it (its literal path, method and schemas), less
 * the getRoutingPath() it adds for Hono's RPC client, which nothing here calls: the embedded
 * dispatcher builds routes without loading that package.
 */
function declared<R extends RouteConfig>(route: R): R {
  return route;
}

/** The success envelope's text around an operation's data: the same bytes from the app and the dispatcher. */
export function successJson(data: unknown): string {
  return JSON.stringify({ success: true, data });
}
