import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv, ServiceDeps } from './context.js';
import { errorBody } from './errors.js';
import type { Metrics } from './metrics.js';

/** Longest /readyz waits for the state store before calling it unreachable. */
const READY_WAIT_MS = 2_000;

/** Counts every answer by the route template that served it, and each limit refusal. */
export function measured(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // After next() the route index is the handler that answered (a 404 leaves it at a middleware's `…*` pattern).
    const route = routePath(c);
    metrics.request(
      c.req.method,
      route && !route.endsWith('*') ? route : 'unmatched',
      c.res.status,
      (performance.now() - started) / 1000,
    );
    if (c.res.status === 429) {
      const body = (await c.res
        .clone()
        .json()
        .catch(() => undefined)) as { error?: { code?: string } } | undefined;
      metrics.refusal(body?.error?.code ?? 'unknown');
    }
  };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The files of swagger-ui-dist /docs serves, by the name it serves them under: nothing else is read. */
const DOC_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Partner Data and Chat Service: API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// The contract from this server; no "Try it out" key is kept by the page (persistAuthorization off).
const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'BaseLayout',
  persistAuthorization: false,
});
`;

/**
 * The page runs only its own scripts and styles, from this server (swagger-ui sets inline styles
 * and draws icons as data: URLs), fetches only /openapi.json, and is framed by no other site.
 */
const DOCS_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

let assetDir: string | undefined;
const assets = new Map<string, Buffer>();

/** A file of the installed swagger-ui-dist, read once. */
function docAsset(name: string): Buffer {
  assetDir ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  let body = assets.get(name);
  if (!body) {
    body = readFileSync(join(assetDir, name));
    assets.set(name, body);
  }
  return body;
}

/**
 * For operators and partners, no key needed and none revealed: /healthz (the process answers),
 * /readyz (the library is open and the state store reachable), /metrics (Prometheus text), and
 * /docs (the API reference rendered from /openapi.json by swagger-ui-dist, every asset served from
 * the installed package: partners' networks may be closed).
 */
export function opsRoutes(app: Hono<AppEnv>, deps: ServiceDeps, metrics: Metrics): void {
  app.get('/healthz', (c) => c.json({ success: true, data: { status: 'ok' } }));
  app.get('/readyz', async (c) => {
    const failures: string[] = [];
    try {
      deps.store.schemaVersion();
    } catch {
      failures.push('the library cannot be read');
    }
    if (deps.keys) {
      try {
        await within(deps.keys.ping(), READY_WAIT_MS);
      } catch {
        failures.push('the state store cannot be reached');
      }
    }
    if (failures.length) return c.json(errorBody('INTERNAL_ERROR', `not ready: ${failures.join('; ')}`), 503);
    return c.json({ success: true, data: { status: 'ready', library: 'ok', state: deps.keys ? 'ok' : 'none' } });
  });
  app.get('/metrics', (c) =>
    c.text(metrics.text(), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }),
  );
  app.get('/docs', (c) => c.html(DOCS_PAGE, 200, DOCS_HEADERS));
  app.get('/docs/init.js', (c) => c.body(DOCS_INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/:asset', (c) => {
    const name = c.req.param('asset');
    const type = DOC_ASSETS[name];
    if (!type) return c.json(errorBody('NOT_FOUND', `no such file: /docs/${name}`), 404);
    return c.body(new Uint8Array(docAsset(name)), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
    });
  });
}
