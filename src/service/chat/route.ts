import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ChatRequest, ChatResponse } from '../../core/schemas/chat.js';
import { authenticate } from '../auth.js';
import type { AppEnv, ServiceDeps } from '../context.js';
import { ApiError, errorBody, invalid } from '../errors.js';
import { IDEMPOTENCY_HEADER, idempotency } from '../idempotency.js';
import { errorResponses } from '../routes/common.js';
import { createRouter } from '../routes/router.js';
import { answerChat } from './answer.js';
import { OfflineProvider } from './offline-provider.js';
import { OpenAiProvider, openAiSettings } from './openai-provider.js';
import { type ChatProvider, timedProvider } from './provider.js';
import { chatQuota } from './quota.js';

const NOT_JSON = 'the body must be JSON (Content-Type: application/json)';

/** A body that is not JSON, by its type or its text, is refused before it costs a message. */
const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (!/^application\/([\w.-]+\+)?json$/i.test(type)) throw invalid(NOT_JSON);
  try {
    await c.req.json(); // kept by Hono for the validator
  } catch {
    throw invalid(NOT_JSON);
  }
  return next();
};

/**
 * POST /v1/chat. The key in X-API-Key (Bearer also accepted, as on the data interface); errors
 * in the data interface's envelope; the body validated by the contract's ChatRequest, an unknown
 * persona answered INVALID_PERSONA by the router's validation hook.
 */
export function chatRoutes(deps: ServiceDeps, env: NodeJS.ProcessEnv) {
  const settings = openAiSettings(env);
  const chosen: ChatProvider = settings ? new OpenAiProvider(settings) : new OfflineProvider();
  const provider = deps.metrics ? timedProvider(chosen, deps.metrics) : chosen;
  const route = createRoute({
    method: 'post',
    path: '/v1/chat',
    operationId: 'chat',
    summary: 'One chat message',
    description:
      'Answers from the library: what the question touches is retrieved and given to the model, every reference in the reply is checked against the canon, and the reply ends with the attribution of its sources. One message is taken from the daily and monthly limits, and given back when the answer is an error.',
    // A contract operation keeps the contract's tag; its `stream` field and event-stream answer are
    // marked as the extension in the field's description and in the 200 answer.
    tags: ['chat'],
    middleware: [authenticate(deps, { allowBearer: true }), jsonBody, idempotency(deps), chatQuota(deps)],
    request: {
      headers: z.object({
        [IDEMPOTENCY_HEADER]: z.string().optional().openapi({
          description:
            'Makes the request safe to repeat: a repeat with the same key and body is answered with the first answer and not counted again (kept 24 hours). An extension to the contract.',
        }),
      }),
      body: { required: true, content: { 'application/json': { schema: ChatRequest } } },
    },
    responses: {
      200: {
        description:
          'The reply, with usage and the limits left. With `"stream": true` (an extension) it is text/event-stream: `text` events as the reply is written, then a `done` event carrying this same response.',
        content: {
          'application/json': { schema: ChatResponse },
          'text/event-stream': {
            schema: z.string().openapi({ description: 'Server-sent events: text…, then done (or error).' }),
          },
        },
      },
      ...errorResponses([400, 401, 409, 429, 500], 'chat'),
    },
  });
  return createRouter().openapi(route, async (c) => {
    const started = performance.now();
    const req = c.req.valid('json');
    const key = c.get('principal').key;
    const meta = () => ({
      requestId: `req_${randomUUID()}`,
      latencyMs: Math.round(performance.now() - started),
      persona: req.persona ?? 'default',
      rateLimits: c.get('chatLimits'),
      ...(req.translation !== undefined ? { translation: req.translation } : {}),
    });
    if (req.stream) {
      // Typed as the contract's JSON answer: the event stream is an extension the schema describes in words.
      return streamSSE(c, async (sse) => {
        // Pieces are written in order: each write waits for the one before.
        let written = Promise.resolve();
        const onText = (text: string) => {
          written = written.then(() => sse.writeSSE({ event: 'text', data: JSON.stringify({ text }) }));
        };
        try {
          const data = await answerChat(deps, provider, req, { key, signal: c.req.raw.signal, onText });
          await written;
          await sse.writeSSE({ event: 'done', data: JSON.stringify({ success: true, data, meta: meta() }) });
        } catch (err) {
          await written;
          const e = err instanceof ApiError ? err : new ApiError('INTERNAL_ERROR', 'the answer failed; retry');
          if (!(err instanceof ApiError)) deps.logError?.(err as Error);
          // Its 200 has gone out: the quota cannot see the failure, so the message is given back here.
          c.get('chatGiveBack')?.();
          await sse.writeSSE({ event: 'error', data: JSON.stringify(errorBody(e.code, e.message)) });
        }
      }) as never;
    }
    const data = await answerChat(deps, provider, req, { key, signal: c.req.raw.signal });
    return c.json({ success: true as const, data, meta: meta() }, 200);
  });
}
