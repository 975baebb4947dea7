import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.js';
import { errorBody } from '../errors.js';

/** The first validation issue as one sentence naming the parameter and the rule. */
function validationMessage(error: { issues: Array<{ path: PropertyKey[]; message: string }> }, target: string): string {
  const issue = error.issues[0];
  if (!issue) return `invalid ${target}`;
  const name = issue.path.map(String).join('.');
  if (issue.message.includes(name) || !name) return issue.message;
  return `${target === 'param' ? 'path' : 'query'} parameter '${name}': ${issue.message}`;
}

/**
 * A router of the service. Every route is validated where it is registered, with the hook of the
 * router it is registered on, so each sub-router must come from here to answer a bad request with
 * the contract's envelope.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody('INVALID_REQUEST', validationMessage(result.error, result.target)), 400);
      }
    },
  });
}

/** A handler typed by its route: its parameters, and the body its 200 must carry. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** The success envelope around `data`, typed so a route whose schema it breaks does not compile. */
export function ok<D>(c: Context<AppEnv>, data: D) {
  return c.json({ success: true as const, data }, 200);
}
