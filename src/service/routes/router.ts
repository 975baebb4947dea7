import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../context.js';
import { errorBody } from '../errors.js';
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

/** Registers the routes of tables on a router (its validation hook answers their bad requests). */
export function mount(router: OpenAPIHono<AppEnv>, tables: RouteTable[]): void {
  for (const table of tables) for (const { route, handler } of table.routes) router.openapi(route, handler);
}

/** A handler typed by its route: its parameters, and the body its 200 must carry. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
