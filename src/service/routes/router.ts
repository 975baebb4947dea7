import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, ServiceDeps } from '../context.js';
import { errorBody } from '../errors.js';
import { type Operation, successJson } from './operation.js';
import { readRequest } from './params.js';
import { validationError } from './validation.js';

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

/** What runs before every data operation: key, scopes, quota, response cache (app.ts). */
export type DataMiddleware = MiddlewareHandler<AppEnv>[];

/**
 * Mounts data operations on a router, each as @hono/zod-openapi's openapi() would document it, and
 * answered after the middleware by reading its parameters by their own rules (params.ts), as the
 * embedded dispatcher reads them (zod documents them but reads no request), calling its handler
 * with the principal the middleware set, and wrapping its data in the success envelope.
 */
export function mount(
  router: OpenAPIHono<AppEnv>,
  deps: ServiceDeps,
  middleware: DataMiddleware,
  operations: readonly Operation[],
): void {
  for (const { route, params, handle } of operations) {
    router.openAPIRegistry.registerPath(route);
    const path = route.path.replace(/\{(\w+)\}/g, ':$1');
    router.on([route.method], [path], ...middleware, async (c) => {
      const read = readRequest(params, {
        query: () => c.req.queries(),
        param: () => c.req.param() as Record<string, string>,
      });
      if ('failure' in read) {
        const { code, message } = validationError(read.failure);
        return c.json(errorBody(code, message), 400);
      }
      return ok(c, await handle(deps, c.get('principal'), read.valid as never));
    });
  }
}

/**
 * The success envelope around `data`. Serialised here, as `c.json` would, and the text kept on the
 * context: the response cache takes it from there instead of cloning the Response, whose streams
 * cost more than the answer itself.
 */
export function ok(c: Context<AppEnv>, data: unknown): Response {
  const body = successJson(data);
  c.set('answerJson', body);
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}
