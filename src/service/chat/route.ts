import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ChatRequest, ChatResponse } from '../../core/schemas/chat.js';
import { authenticate } from '../auth.js';
import type { AppEnv, ServiceDeps } from '../context.js';
import { invalid } from '../errors.js';
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
        description: 'The reply, with usage and the limits left.',
        content: { 'application/json': { schema: ChatResponse } },
      },
      ...errorResponses([400, 401, 409, 429, 500], 'chat'),
    },
  });
  return createRouter().openapi(route, async (c) => {
    const started = performance.now();
    const req = c.req.valid('json');
    const data = await answerChat(deps, provider, req, { key: c.get('principal').key, signal: c.req.raw.signal });
    const meta = {
      requestId: `req_${randomUUID()}`,
      latencyMs: Math.round(performance.now() - started),
      persona: req.persona ?? 'default',
      rateLimits: c.get('chatLimits'),
    };
    return c.json({ success: true as const, data, meta }, 200);
  });
}
