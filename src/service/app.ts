import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { shortened } from '../core/text/quoted.js';
import { authenticate } from './auth.js';
import { chatBodyLimit } from './chat/body-limit.js';
import { chatRoutes } from './chat/route.js';
import type { AppEnv, ServiceDeps } from './context.js';
import { ApiError, errorBody } from './errors.js';
import { singleQueryValues } from './known-query.js';
import { Metrics } from './metrics.js';
import { OPENAPI_DOCUMENT } from './openapi.js';
import { measured, opsRoutes } from './ops.js';
import { dataQuota } from './quota.js';
import { responseCache } from './response-cache.js';
import { loadResponseSchemas } from './routes/response-schemas.js';
import { allOperations, DATA_CACHE_CONTROL } from './routes/route-modules.js';
import { createRouter, type DataMiddleware, mount } from './routes/router.js';
import { StateBusyError } from './state/state-store.js';

function errorResponse(c: Context, err: ApiError) {
  c.header('Cache-Control', undefined);
  return c.json(errorBody(err.code, err.message), err.status);
}

/**
 * The Partner data interface on Hono. With `deps.keys` it authenticates and meters keys; without,
 * it is the embedded service every request of which is the local, all-access principal.
 */
export async function createApp(deps: ServiceDeps): Promise<OpenAPIHono<AppEnv>> {
  // The routes' answers are documented and mounted from them (the embedded dispatcher needs none).
  const [operations] = await Promise.all([allOperations(), loadResponseSchemas()]);
  const app = createRouter();
  const metrics = deps.metrics ?? new Metrics();
  deps = { ...deps, metrics };
  app.use('*', measured(metrics));
  opsRoutes(app, deps, metrics);

  app.use('/v1/data/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', DATA_CACHE_CONTROL);
    else c.res.headers.delete('Cache-Control');
  });

  // Every data route, the contract's and the extensions, runs these: key, scopes, quota, cache.
  const data: DataMiddleware = [
    authenticate(deps, { allowBearer: true }),
    singleQueryValues(),
    dataQuota(deps),
    responseCache(),
  ];
  mount(app, deps, data, operations);
  app.post('/v1/chat', chatBodyLimit());
  app.route('/', chatRoutes(deps, deps.env ?? process.env));
  // MCP over Streamable HTTP: the same keys; each data request its tools make is counted as any other.
  const { mcp } = deps;
  if (mcp)
    app.all('/mcp', chatBodyLimit(), authenticate(deps, { allowBearer: true }), (c) => mcp(c.req.raw, app.fetch));

  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', { type: 'http', scheme: 'bearer' });
  app.doc('/openapi.json', OPENAPI_DOCUMENT);

  app.notFound((c) =>
    errorResponse(c, new ApiError('NOT_FOUND', `no such endpoint: ${c.req.method} ${shortened(c.req.path, 200)}`)),
  );
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    // The database is up but every connection stayed busy: a wait, not a failure (no 500).
    if (err instanceof StateBusyError)
      return c.json(errorBody('INTERNAL_ERROR', `${err.message}; retry after Retry-After`), 503, {
        'Retry-After': String(err.retryAfterSeconds),
      });
    deps.logError?.(err);
    return errorResponse(c, new ApiError('INTERNAL_ERROR', 'internal error; the request is safe to retry'));
  });
  return app;
}
