import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatResponse } from '../../src/core/schemas/chat.js';
import { FakeLlm } from '../support/fake-llm.js';
import { runCliInProcess } from '../support/run-cli.js';
import { type Answer, createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

const json = { 'content-type': 'application/json' };

describe('POST /v1/chat', () => {
  let offline: Served;
  let llmServer: Served;
  let llm: FakeLlm;
  let dataDir: string;
  let llmDir: string;
  const keys: Record<string, string> = {};

  const chat = (
    base: string,
    key: string | undefined,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> =>
    get(
      base,
      '/v1/chat',
      { ...json, ...(key ? { 'X-API-Key': key } : {}), ...headers },
      'POST',
      typeof body === 'string' ? body : JSON.stringify(body),
    );

  async function expectError(a: Promise<Answer>, status: number, code: string, message?: string | RegExp) {
    const r = await a;
    expect({ status: r.status, code: r.body.error?.code }).toEqual({ status, code });
    expect(r.body.success).toBe(false);
    if (typeof message === 'string') expect(r.body.error?.message).toBe(message);
    else if (message) expect(r.body.error?.message).toMatch(message);
  }

  beforeAll(async () => {
    dataDir = serviceDataDir();
    keys.full = await createKey(dataDir, ['--name', 'chat', '--max-tokens', '300']);
    keys.monthly = await createKey(dataDir, ['--name', 'monthly', '--chat-monthly', '3']);
    keys.daily = await createKey(dataDir, ['--name', 'daily', '--chat-daily', '2']);
    keys.revoked = await createKey(dataDir, ['--name', 'gone']);
    await runCliInProcess(['keys', 'revoke', '--yes', keys.revoked.slice(0, 14)], { env: { BIBLE_DATA_DIR: dataDir } });
    offline = await serve(dataDir);
    llm = await new FakeLlm().start();
    llmDir = serviceDataDir();
    keys.llm = await createKey(llmDir, ['--name', 'llm', '--max-tokens', '200']);
    llmServer = await serve(llmDir, [], {
      BIBLE_LLM_BASE_URL: llm.url,
      BIBLE_LLM_API_KEY: 'sk-test-provider',
      BIBLE_LLM_MODEL: 'fake-model-1',
      BIBLE_LLM_TIMEOUT_MS: '1500',
    });
  }, 60_000);

  afterAll(async () => {
    await offline?.stop();
    await llmServer?.stop();
    await llm?.stop();
  });

  it('answers with data, usage and meta as the contract gives them', async () => {
    const a = await chat(offline.url, keys.full, {
      message: 'What does the Bible say about forgiveness?',
      persona: 'biblical_scholar',
    });
    expect(a.status).toBe(200);
    expect(ChatResponse.safeParse(a.body).success).toBe(true);
    const body = a.body as unknown as ChatResponse;
    expect(body.data.model).toBe('bible-offline-retrieval (not a language model: quotes the library)');
    expect(body.data.usage.inputTokens).toBeGreaterThan(10);
    expect(body.data.usage.outputTokens).toBeGreaterThan(10);
    expect(body.meta.persona).toBe('biblical_scholar');
    expect(body.meta.requestId).toMatch(/^req_[0-9a-f-]{36}$/);
    expect(body.meta.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.meta.rateLimits).toEqual({
      daily: { limit: 100, remaining: 99 },
      monthly: { limit: 2000, remaining: 1999 },
    });
    expect(body.data.message).toContain('**The original words (Strong’s):**');
    expect(body.data.message).toMatch(/— Sources: King James Version/);
    const again = (await chat(offline.url, keys.full, { message: 'Who was Naaman?' })).body as unknown as ChatResponse;
    expect(again.meta.requestId).not.toBe(body.meta.requestId);
    expect(again.meta.persona).toBe('default');
    expect(again.meta.rateLimits.daily.remaining).toBe(98);
  });

  it('refuses what the contract forbids: 400 INVALID_REQUEST and INVALID_PERSONA', async () => {
    const k = keys.full;
    const turn = { role: 'user', content: 'x' };
    await expectError(
      chat(offline.url, k, { message: 'x'.repeat(10_001) }),
      400,
      'INVALID_REQUEST',
      "'message' may be at most 10000 characters (got 10001)",
    );
    await expectError(
      chat(offline.url, k, { message: 'x', conversationHistory: Array(21).fill(turn) }),
      400,
      'INVALID_REQUEST',
      "'conversationHistory' may hold at most 20 items (got 21)",
    );
    await expectError(chat(offline.url, k, {}), 400, 'INVALID_REQUEST', "'message' must be a string");
    await expectError(chat(offline.url, k, { message: '   ' }), 400, 'INVALID_REQUEST', "'message' must not be empty");
    await expectError(
      chat(offline.url, k, { message: 'x', conversationHistory: [{ role: 'system', content: 'x' }] }),
      400,
      'INVALID_REQUEST',
    );
    await expectError(
      chat(offline.url, k, { message: 'x', maxTokens: -5 }),
      400,
      'INVALID_REQUEST',
      "'maxTokens' must be a positive number",
    );
    await expectError(
      chat(offline.url, k, 'not json'),
      400,
      'INVALID_REQUEST',
      'the body must be JSON (Content-Type: application/json)',
    );
    await expectError(chat(offline.url, k, [1, 2]), 400, 'INVALID_REQUEST', 'the body must be a JSON object');
    await expectError(
      chat(offline.url, k, { message: 'x', persona: 'pirate' }),
      400,
      'INVALID_PERSONA',
      "unknown persona 'pirate': use default, biblical_scholar, simple_helper",
    );
    const ok = await chat(offline.url, k, {
      message: 'grace',
      conversationHistory: Array(20).fill(turn),
      maxTokens: 50,
    });
    expect(ok.status).toBe(200);
    // maxTokens bounds the reply; the sources line (attribution) is added after it.
    const [reply] = (ok.body as unknown as ChatResponse).data.message.split('\n\n— Sources:');
    expect(countTokens(reply as string)).toBeLessThanOrEqual(51);
    expect(reply).toMatch(/…$/);
  });

  it('401 for a missing, unknown or revoked key; the key in X-API-Key or as Bearer', async () => {
    await expectError(chat(offline.url, undefined, { message: 'x' }), 401, 'MISSING_API_KEY');
    await expectError(
      chat(offline.url, 'bbl_not-a-key-00000000000000000000', { message: 'x' }),
      401,
      'INVALID_API_KEY',
      'the API key is not known',
    );
    await expectError(
      chat(offline.url, keys.revoked, { message: 'x' }),
      401,
      'INVALID_API_KEY',
      'the API key has been revoked',
    );
    const bearer = await chat(offline.url, undefined, { message: 'grace' }, { Authorization: `Bearer ${keys.full}` });
    expect(bearer.status).toBe(200);
  });

  it('the monthly limit exactly: a key with a monthly limit of 3 has its 4th message refused', async () => {
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const a = await chat(offline.url, keys.monthly, { message: 'peace' });
      expect(a.status).toBe(200);
      remaining.push((a.body as unknown as ChatResponse).meta.rateLimits.monthly.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    await expectError(
      chat(offline.url, keys.monthly, { message: 'peace' }),
      429,
      'MONTHLY_LIMIT_EXCEEDED',
      /^monthly message limit of 3 reached; it resets at \d{4}-\d\d-01T00:00:00\.000Z \(the 1st, UTC\)$/,
    );
  });

  it('the daily limit exactly, counted atomically under concurrency', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => chat(offline.url, keys.daily, { message: 'hope' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error?.code).toBe('DAILY_LIMIT_EXCEEDED');
    expect(refused.body.error?.message).toMatch(
      /^daily message limit of 2 reached; it resets at \d{4}-\d\d-\d\dT00:00:00\.000Z \(midnight UTC\)$/,
    );
  });

  it('provider (a): an OpenAI-compatible endpoint gets the persona, the grounding and the history, with max_tokens capped by the key', async () => {
    llm.requests = [];
    llm.reply = 'As Jhon 3:16 says, God so loved the world; see also Revelation 23:1 and Romans 5:8.';
    const history = [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hello! Ask me anything.' },
    ];
    const a = await chat(llmServer.url, keys.llm, {
      message: 'What does John 3:16 mean?',
      persona: 'simple_helper',
      conversationHistory: history,
      maxTokens: 5000,
    });
    expect(a.status).toBe(200);
    const body = a.body as unknown as ChatResponse;
    expect(body.data.model).toBe('fake-model-1');
    expect(body.data.usage).toEqual({ inputTokens: 321, outputTokens: 12 });
    // Every reference checked: a misspelt book corrected, a chapter that does not exist removed.
    expect(body.data.message.split('\n\n— Sources:')[0]).toBe(
      'As John 3:16 says, God so loved the world; see also Romans 5:8.',
    );
    const sent = llm.requests[0]!;
    expect(sent.authorization).toBe('Bearer sk-test-provider');
    expect(sent.body.model).toBe('fake-model-1');
    expect(sent.body.max_tokens).toBe(200);
    expect(sent.body.messages[0]).toMatchObject({ role: 'system' });
    expect(sent.body.messages[0]!.content).toContain('new to the Bible');
    expect(sent.body.messages[1]!.content).toContain('John 3:16: For God so loved the world');
    expect(sent.body.messages.slice(2)).toEqual([...history, { role: 'user', content: 'What does John 3:16 mean?' }]);
    llm.usage = undefined;
    llm.reply = 'Grace is favour you did not earn (Ephesians 2:8).';
    const counted = (await chat(llmServer.url, keys.llm, { message: 'grace' })).body as unknown as ChatResponse;
    expect(counted.data.usage.outputTokens).toBeGreaterThan(5);
    expect(counted.data.usage.inputTokens).toBeGreaterThan(counted.data.usage.outputTokens);
  });

  it('provider (a): its errors and timeouts are 500 INTERNAL_ERROR, and the message is not counted', async () => {
    llm.status = 503;
    await expectError(
      chat(llmServer.url, keys.llm, { message: 'grace' }),
      500,
      'INTERNAL_ERROR',
      'the language model answered HTTP 503; the request is safe to retry',
    );
    llm.status = 200;
    llm.delayMs = 3_000;
    await expectError(
      chat(llmServer.url, keys.llm, { message: 'grace' }),
      500,
      'INTERNAL_ERROR',
      'the language model did not answer within 1500 ms; the request is safe to retry',
    );
    llm.delayMs = 0;
    const a = (await chat(llmServer.url, keys.llm, { message: 'grace' })).body as unknown as ChatResponse;
    // Two successful messages before, two failed ones not counted: this is the third.
    expect(a.meta.rateLimits.daily.remaining).toBe(97);
  });
});
