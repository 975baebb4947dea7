import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.js';
import { errorBody } from '../errors.js';
import { paramsOf } from './common.js';
import { type RequestParams, readRequest } from './params.js';
import type { RouteTable } from './table.js';
import { validationError } from './validation.js';

export { ok } from './table.js';

/**
 * A router of the service. Every route is validated where it is registered, with the hook of the
 * router it is registered on, so each sub-router must come from here to answer a bad request with
 * the contract's envelope.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const { code, message } = validationError(result);
        return c.json(errorBody(code, message), 400);
      }
    },
  });
}

/**
 * Registers the routes of tables on a router. A data route is documented as @hono/zod-openapi's
 * openapi() would, and read by its parameters' own rules (params.ts), as the embedded dispatcher
 * reads it, after its middleware (key, scope, quota), as openapi() validates: zod documents them
 * but reads no request. Any other route is validated by the router's hook.
 */
export function mount(router: OpenAPIHono<AppEnv>, tables: RouteTable[]): void {
  for (const table of tables)
    for (const { route, handler } of table.routes) {
      const params = paramsOf(route);
      if (!params) {
        router.openapi(route, handler);
        continue;
      }
      const { middleware, hide: _hide, ...documented } = route;
      router.openAPIRegistry.registerPath(documented);
      const path = route.path.replace(/\{(\w+)\}/g, ':$1');
      router.on([route.method], [path], ...[middleware ?? []].flat(), readParams(params), handler);
    }
}

/** Reads a data route's parameters as Hono's validators would give them, or answers the 400. */
function readParams(params: RequestParams): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const read = readRequest(params, {
      query: () => c.req.queries(),
      param: () => c.req.param() as Record<string, string>,
    });
    if ('failure' in read) {
      const { code, message } = validationError(read.failure);
      return c.json(errorBody(code, message), 400);
    }
    for (const [target, values] of Object.entries(read.valid)) c.req.addValidatedData(target as 'query', values);
    await next();
  };
}

/** A handler typed by its route: its parameters, and the body its 200 must carry. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
