import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ServiceDeps } from './context.js';
import { errorBody, invalid } from './errors.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON text with every object's keys in order, so a body is the same request however its keys are ordered or spaced. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a body's fingerprint is taken of: its JSON in canonical form, or (not JSON, or nested past the stack) its text. */
function sameRequest(text: string): string {
  try {
    return canonicalJson(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * Makes a POST safe to repeat. A request with an Idempotency-Key claims it for its key; a repeat
 * with the same key and body (the same JSON, whatever the order of its keys) gets the first answer again (`Idempotent-Replayed: true`) without
 * running or counting again; a repeat while the first is still being answered is 409
 * REQUEST_IN_PROGRESS with Retry-After; the same key with another body is 400. Only a success is
 * kept (24 hours): after an error the request may simply run again, as an error costs nothing.
 * Runs after authentication and before the quota. Embedded there are no keys and no retries.
 */
export function idempotency(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_HEADER);
    const key = c.get('principal').key;
    if (header === undefined || !key || !deps.keys) return next();
    if (!KEY_PATTERN.test(header)) throw invalid(`${IDEMPOTENCY_HEADER} must be 1-255 visible ASCII characters`);
    const records = deps.keys.idempotency();
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${sameRequest(await c.req.text())}`)
      .digest('hex');
    const claim = await records.claim(key.id, header, fingerprint);
    if (claim.state === 'answered') {
      // The same body asked for the same form of answer: a `stream` one was kept as its events.
      const streamed = ((await c.req.json().catch(() => ({}))) as { stream?: unknown }).stream === true;
      return c.body(claim.body, claim.status as 200, {
        'Content-Type': streamed ? 'text/event-stream' : 'application/json',
        'Idempotent-Replayed': 'true',
      });
    }
    if (claim.state === 'pending') {
      const message = `a request with this ${IDEMPOTENCY_HEADER} is still being answered; retry shortly`;
      return c.json(errorBody('REQUEST_IN_PROGRESS', message), 409, { 'Retry-After': '1' });
    }
    if (claim.state === 'other-request') {
      throw invalid(`this ${IDEMPOTENCY_HEADER} was used for another request; send a new key with a new request`);
    }
    let kept = false;
    try {
      await next();
      if (c.res.status === 200 && !c.error) {
        await records.complete(key.id, header, 200, await c.res.clone().text());
        kept = true;
      }
    } finally {
      if (!kept) await records.release(key.id, header);
    }
  };
}
