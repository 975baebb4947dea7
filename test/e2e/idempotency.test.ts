import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BibleClient } from '../../src/client/client.js';
import { HttpTransport } from '../../src/client/http-transport.js';
import type { ChatResponse } from '../../src/core/schemas/chat.js';
import { FakeLlm } from '../support/fake-llm.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { createKey, type Served, serve, serviceDataDir } from '../support/server.js';
import { until } from '../support/until.js';

describe('bible serve: a retried chat is answered once and counted once (Idempotency-Key)', () => {
  let served: Served;
  let proxy: FaultProxy;
  let llm: FakeLlm;
  let key: string;

  const post = async (idempotencyKey: string, body: unknown) => {
    const res = await fetch(`${served.url}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': idempotencyKey },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as ChatResponse & { error?: object } };
  };

  beforeAll(async () => {
    const dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'idempotent', '--chat-daily', '50']);
    llm = await new FakeLlm().start();
    served = await serve(dataDir, [], {
      BIBLE_LLM_BASE_URL: llm.url,
      BIBLE_LLM_MODEL: 'fake-model-1',
      BIBLE_LLM_TIMEOUT_MS: '20000',
    });
    proxy = await new FaultProxy(served.url).start();
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    await served?.stop();
    await llm?.stop();
  });

  it('the client retries a chat whose answer was lost; the service answers the repeat from its record', async () => {
    const client = new BibleClient({
      transport: new HttpTransport(proxy.url),
      apiKey: key,
      retry: { sleep: async () => {} },
    });
    proxy.dropAnswers(1);
    const reply = await client.chat({ message: 'What is grace?' });
    expect(proxy.seen).toBe(2);
    expect(llm.received).toBe(1);
    expect(reply.meta.rateLimits.daily).toEqual({ limit: 50, remaining: 49 });
    const next = await client.chat({ message: 'What is hope?' });
    expect(llm.received).toBe(2);
    expect(next.meta.rateLimits.daily.remaining).toBe(48);
    await client.close();
  });

  it('a repeat while the first is answered is 409 with Retry-After; afterwards, the first answer again', async () => {
    llm.delayMs = 3_000;
    const first = post('key-1', { message: 'Who was Naaman?' });
    await until(() => llm.received === 3, 'the first request to reach the model');
    const early = await post('key-1', { message: 'Who was Naaman?' });
    expect(early.status).toBe(409);
    expect(early.headers.get('retry-after')).toBe('1');
    expect(early.body).toMatchObject({ success: false, error: { code: 'REQUEST_IN_PROGRESS' } });
    const answered = await first;
    llm.delayMs = 0;
    expect(answered.status).toBe(200);
    expect(answered.body.meta.rateLimits.daily.remaining).toBe(47);

    const again = await post('key-1', { message: 'Who was Naaman?' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(answered.body);
    expect(llm.received).toBe(3);

    const other = await post('key-1', { message: 'Who was Elisha?' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    const fresh = await post('key-2', { message: 'Who was Naaman?' });
    expect(fresh.body.meta.rateLimits.daily.remaining).toBe(46);
    expect(fresh.body.meta.requestId).not.toBe(answered.body.meta.requestId);
  });

  it('an answer that failed is not kept: the repeat runs again, and neither is counted', async () => {
    llm.status = 503;
    const failed = await post('key-3', { message: 'What is peace?' });
    expect(failed.status).toBe(500);
    llm.status = 200;
    const retried = await post('key-3', { message: 'What is peace?' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.body.meta.rateLimits.daily.remaining).toBe(45);
  });

  it('reads the same JSON with its keys in another order, or spaced otherwise, as the same request', async () => {
    const first = await post('key-4', { message: 'What is mercy?', persona: 'simple_helper' });
    const raw = await fetch(`${served.url}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': 'key-4' },
      body: '{ "persona": "simple_helper",\n  "message": "What is mercy?" }',
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('idempotent-replayed')).toBe('true');
    expect(await raw.json()).toEqual(first.body);
  });

  it('answers the repeat of a streamed chat as the event stream it was', async () => {
    const stream = (k: string) =>
      fetch(`${served.url}/v1/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': k },
        body: JSON.stringify({ message: 'What is joy?', stream: true }),
      });
    const first = await stream('key-5');
    const events = await first.text();
    const again = await stream('key-5');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect([first.headers.get('content-type'), again.headers.get('content-type')]).toEqual([
      'text/event-stream',
      'text/event-stream',
    ]);
    expect(await again.text()).toBe(events);
  });
});
