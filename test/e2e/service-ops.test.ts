import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itWithChromium, renderedDom } from '../support/chromium.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

/** What operators and partners reach without a key: health, readiness, metrics, the API reference. */
describe('bible serve: /healthz, /readyz, /metrics, /docs', () => {
  let node: Served;
  let key: string;
  const dataDir = serviceDataDir();

  beforeAll(async () => {
    key = await createKey(dataDir, ['--name', 'ops', '--daily', '2']);
    node = await serve(dataDir);
  }, 60_000);
  afterAll(() => node?.stop());

  it('healthz and readyz answer 200 in the envelope without a key', async () => {
    expect((await get(node.url, '/healthz')).body).toEqual({ success: true, data: { status: 'ok' } });
    expect((await get(node.url, '/readyz')).body).toEqual({
      success: true,
      data: { status: 'ready', library: 'ok', state: 'ok' },
    });
  });

  it('metrics count requests by route template and status, latency, and quota refusals; no key shown', async () => {
    const passage = '/v1/data/bible/kjv/passage?ref=John%203:16';
    for (let i = 0; i < 3; i++) await get(node.url, passage, { 'X-API-Key': key });
    await get(node.url, '/v1/data/nothing-here');
    const res = await fetch(`${node.url}/metrics`);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const route = 'method="GET",route="/v1/data/bible/:translation/passage"';
    expect(text).toContain(`bible_http_requests_total{${route},status="200"} 2\n`);
    expect(text).toContain(`bible_http_requests_total{${route},status="429"} 1\n`);
    expect(text).toContain('bible_http_requests_total{method="GET",route="unmatched",status="404"} 1\n');
    expect(text).toContain(`bible_http_request_duration_seconds_count{${route}} 3\n`);
    expect(text).toContain(`bible_http_request_duration_seconds_bucket{${route},le="+Inf"} 3\n`);
    expect(text).toContain('bible_quota_refusals_total{code="DAILY_LIMIT_EXCEEDED"} 1\n');
    expect(text).toContain('# TYPE bible_chat_provider_duration_seconds histogram\n');
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(0, 12));
  });

  it('docs: the page and its assets come from this server, an unknown asset is 404 in the envelope', async () => {
    const page = await (await fetch(`${node.url}/docs`)).text();
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.every((a) => a.startsWith('/docs/'))).toBe(true);
    for (const a of assets) expect((await fetch(node.url + a)).status, a).toBe(200);
    const missing = await get(node.url, '/docs/..%2fpackage.json');
    expect([missing.status, missing.body.error?.code]).toEqual([404, 'NOT_FOUND']);
  });

  itWithChromium(
    'docs: headless Chromium renders every operation of /openapi.json',
    async () => {
      const spec = (await (await fetch(`${node.url}/openapi.json`)).json()) as { paths: Record<string, object> };
      const dom = renderedDom(`${node.url}/docs`);
      const shown = new Set([...dom.matchAll(/class="opblock-summary-path" data-path="([^"]+)"/g)].map((m) => m[1]));
      const paths = Object.keys(spec.paths);
      expect(paths.length).toBeGreaterThanOrEqual(18);
      expect(paths.filter((p) => !shown.has(p))).toEqual([]);
      expect(node.output()).toMatch(/GET \/docs\/swagger-ui-bundle\.js 200/);
    },
    120_000,
  );
});
