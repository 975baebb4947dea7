import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../src/core/schemas/chat.js';
import { FakeLlm } from '../support/fake-llm.js';
import { createKey, type Served, serve, serviceDataDir } from '../support/server.js';
import { until } from '../support/until.js';

describe('bible serve: a chat client that goes away, and a provider outage', () => {
  let served: Served;
  let llm: FakeLlm;
  let key: string;

  const chat = (message: string, signal?: AbortSignal) =>
    fetch(`${served.url}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ message }),
      signal,
    });
  const failures = async () =>
    (await (await fetch(`${served.url}/metrics`)).text()).match(/^bible_chat_provider_failures_total (\d+)$/m)?.[1];

  beforeAll(async () => {
    const dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'leaver', '--chat-daily', '50']);
    llm = await new FakeLlm().start();
    served = await serve(dataDir, [], {
      BIBLE_LLM_BASE_URL: llm.url,
      BIBLE_LLM_MODEL: 'fake-model-1',
      BIBLE_LLM_TIMEOUT_MS: '20000',
    });
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await llm?.stop();
  });

  it('is not a provider failure, is not logged as one, and is not charged', async () => {
    llm.delayMs = 2_000;
    const gone = new AbortController();
    const left = chat('What is grace?', gone.signal).catch((err: Error) => err.name);
    await until(() => llm.received === 1, 'the chat to reach the model');
    gone.abort();
    expect(await left).toBe('AbortError');
    await until(() => /POST \/v1\/chat 500/.test(served.output()), 'the service to finish the chat');
    llm.delayMs = 0;
    const next = (await (await chat('What is hope?')).json()) as ChatResponse;
    expect(next.meta.rateLimits.daily).toEqual({ limit: 50, remaining: 49 });
    expect(await failures()).toBe('0');
    expect(served.output()).not.toContain('could not be reached');
  }, 60_000);

  it('logs an outage once, not once per failed request', async () => {
    llm.status = 503;
    for (let i = 0; i < 5; i++) expect((await chat(`What is peace ${i}?`)).status).toBe(500);
    llm.status = 200;
    expect(await failures()).toBe('5');
    expect(served.output().match(/the language model answered HTTP 503/g)).toHaveLength(1);
  }, 60_000);
});
