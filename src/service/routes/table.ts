import type { RouteConfig } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from '../context.js';
import type { AppRouteHandler } from './router.js';

/** One route of a table: its declaration (path, validation, OpenAPI) and its handler. */
export interface TableRoute {
  route: RouteConfig;
  handler: AppRouteHandler<RouteConfig>;
}

/**
 * The routes of a route module, declared once and served twice: app.ts mounts them on Hono
 * (`mount`), and the embedded dispatcher (src/service/dispatch.ts) calls the same handlers
 * in-process. Loads nothing of Hono: a lookup that needs no HTTP machinery does not pay for it.
 */
export class RouteTable {
  readonly routes: TableRoute[] = [];

  /** Adds a route; its handler is typed by it, as with OpenAPIHono's `openapi`. */
  openapi<R extends RouteConfig>(route: R, handler: AppRouteHandler<R>): this {
    this.routes.push({ route, handler: handler as unknown as AppRouteHandler<RouteConfig> });
    return this;
  }
}

export function routeTable(): RouteTable {
  return new RouteTable();
}

/**
 * The success envelope around `data`, typed so a route whose schema it breaks does not compile.
 * Serialised here, as `c.json` would, and the text kept on the context: the response cache takes
 * it from there instead of cloning the Response, whose streams cost more than the answer itself.
 */
export function ok<D>(c: Context<AppEnv>, data: D) {
  const envelope = { success: true as const, data };
  const body = JSON.stringify(envelope);
  c.set('answerJson', body);
  return c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as Response &
    TypedResponse<JSONParsed<typeof envelope>, 200, 'json'>;
}
