import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { ErrorCode } from '../../core/errors.js';
import type { AppEnv } from '../context.js';
import { errorBody } from '../errors.js';

type Issue = { path: PropertyKey[]; message: string };

/** A field path as a request body spells it: conversationHistory[0].role. */
function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>(
    (name, p) => (typeof p === 'number' ? `${name}[${p}]` : name ? `${name}.${String(p)}` : String(p)),
    '',
  );
}

/** The first validation issue as one sentence naming the parameter or field and the rule. */
function validationMessage(issue: Issue | undefined, target: string): string {
  if (!issue) return `invalid ${target}`;
  const name = fieldName(issue.path);
  if (!name) return issue.message;
  if (target === 'json') return `'${name}' ${issue.message}`;
  if (issue.message.includes(name)) return issue.message;
  return `${target === 'param' ? 'path' : 'query'} parameter '${name}': ${issue.message}`;
}

/** Body fields whose fault has a code of its own in the contract; any other fault is INVALID_REQUEST. */
const FIELD_CODES: Partial<Record<string, ErrorCode>> = { persona: 'INVALID_PERSONA' };

/**
 * A router of the service. Every route is validated where it is registered, with the hook of the
 * router it is registered on, so each sub-router must come from here to answer a bad request with
 * the contract's envelope.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = result.target === 'json' && issue ? String(issue.path[0]) : '';
        const code = FIELD_CODES[field] ?? 'INVALID_REQUEST';
        const message = code === 'INVALID_REQUEST' ? validationMessage(issue, result.target) : issue!.message;
        return c.json(errorBody(code, message), 400);
      }
    },
  });
}

/** A handler typed by its route: its parameters, and the body its 200 must carry. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

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
