import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedTransport } from '../../src/cli/embedded-transport.js';
import { BibleClient, CHAT_TIMEOUT_MS, type RequestOptions } from '../../src/client/client.js';
import {
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  UserAbortError,
} from '../../src/client/errors.js';
import { type Attempt, shouldRetry } from '../../src/client/retry.js';
import type { Transport, TransportRequest, TransportResponse } from '../../src/client/transport.js';
import { PROVIDER_TIMEOUT_MS } from '../../src/core/schemas/chat.js';
import { TEST_LIBRARY } from '../support/env.js';
import { until } from '../support/until.js';

const answer = (status: number, headers: Record<string, string> = {}): Attempt => ({
  response: { status, headers, body: '{}' },
});

describe('shouldRetry: the one retry rule', () => {
  it('retries connection failures, timeouts, 408, 409, 429 with a short Retry-After, and 500 and above', () => {
    const max = 30_000;
    expect(shouldRetry({ error: new ConnectionError('cannot reach x: ECONNREFUSED') }, max)).toEqual({
      reason: 'cannot reach x: ECONNREFUSED',
    });
    expect(shouldRetry({ error: new TimeoutError('no answer') }, max)).toBeDefined();
    for (const status of [408, 409, 500, 502, 503, 504]) {
      expect(shouldRetry(answer(status), max), String(status)).toEqual({ reason: `HTTP ${status}` });
    }
    expect(shouldRetry(answer(503, { 'retry-after': '2' }), max)).toEqual({ reason: 'HTTP 503', retryAfterMs: 2000 });
    expect(shouldRetry(answer(429, { 'retry-after': '1' }), max)).toEqual({ reason: 'HTTP 429', retryAfterMs: 1000 });
  });

  it('answers at once: other statuses, a 429 without Retry-After or with a long one, other errors, a cancel', () => {
    for (const status of [200, 400, 401, 403, 404, 429]) expect(shouldRetry(answer(status), 30_000)).toBeUndefined();
    expect(shouldRetry(answer(429, { 'retry-after': '3600' }), 30_000)).toBeUndefined();
    expect(shouldRetry({ error: new UserAbortError() }, 30_000)).toBeUndefined();
    expect(shouldRetry({ error: new TypeError('a bug') }, 30_000)).toBeUndefined();
  });
});

/** The real embedded service behind a fault injector: each scripted fault replaces one attempt. */
class Faults implements Transport {
  readonly description = 'embedded library (with faults)';
  sent: TransportRequest[] = [];
  script: Array<TransportResponse | Error | 'hang'> = [];
  constructor(private readonly inner: Transport) {}
  async send(req: TransportRequest): Promise<TransportResponse> {
    this.sent.push(req);
    const fault = this.script.shift();
    if (fault === 'hang') {
      return new Promise((_, reject) => req.signal?.addEventListener('abort', () => reject(req.signal?.reason)));
    }
    if (fault instanceof Error) throw fault;
    return fault ?? this.inner.send(req);
  }
}

const status = (code: number, headers: Record<string, string> = {}): TransportResponse => ({
  status: code,
  headers,
  body: JSON.stringify({ success: false, error: { code: 'INTERNAL_ERROR', message: `injected ${code}` } }),
});

describe('BibleClient: per-request policy over the embedded service', () => {
  let embedded: EmbeddedTransport;
  let faults: Faults;
  let sleeps: number[];
  let client: BibleClient;
  beforeAll(() => {
    embedded = new EmbeddedTransport(TEST_LIBRARY, {}, () => {});
  });
  afterAll(async () => {
    await client?.close();
  });
  const fresh = (retry: { maxRetries?: number } = {}) => {
    faults = new Faults(embedded);
    sleeps = [];
    client = new BibleClient({
      transport: faults,
      retry: { ...retry, sleep: async (ms) => void sleeps.push(ms) },
    });
  };

  it('retries a GET after 500s and a dropped connection, waiting as Retry-After says', async () => {
    fresh();
    faults.script = [
      status(503, { 'retry-after': '2' }),
      new ConnectionError('cannot reach x: ECONNRESET'),
      status(500),
    ];
    const books = await client.books();
    expect(books.books).toHaveLength(66);
    expect(faults.sent).toHaveLength(4);
    expect(sleeps[0]).toBe(2000);
    expect(sleeps).toHaveLength(3);
    for (const ms of sleeps.slice(1)) expect(ms).toBeLessThanOrEqual(8_000);
  });

  it('gives up after maxRetries with the last answer as a typed error; a 404 is not retried', async () => {
    fresh({ maxRetries: 2 });
    faults.script = [status(500), status(500), status(502)];
    await expect(client.books()).rejects.toBeInstanceOf(InternalServerError);
    expect(faults.sent).toHaveLength(3);
    fresh();
    await expect(client.story('no-such-story')).rejects.toBeInstanceOf(NotFoundError);
    expect(faults.sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('answers a 429 whose Retry-After is long (a spent daily quota) at once', async () => {
    fresh();
    faults.script = [status(429, { 'retry-after': '40000' })];
    await expect(client.books()).rejects.toBeInstanceOf(RateLimitError);
    expect(faults.sent).toHaveLength(1);
  });

  it('never repeats a POST without an Idempotency-Key; chat sends one, the same on every attempt', async () => {
    fresh();
    faults.script = [status(500)];
    await expect(client.post('/v1/chat', { message: 'grace' })).rejects.toBeInstanceOf(InternalServerError);
    expect(faults.sent).toHaveLength(1);
    expect(faults.sent[0]?.headers['idempotency-key']).toBeUndefined();

    fresh();
    faults.script = [new ConnectionError('cannot reach x: ECONNRESET'), status(409, { 'retry-after': '1' })];
    const reply = await client.chat({ message: 'grace' });
    expect(reply.success).toBe(true);
    const keys = faults.sent.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(sleeps[1]).toBe(1000);
    await client.chat({ message: 'grace' });
    expect(faults.sent[3]?.headers['idempotency-key']).not.toBe(keys[0]);
  });

  it('gives each request its own time: a hung attempt is a TimeoutError, retried, then thrown', async () => {
    fresh({ maxRetries: 1 });
    faults.script = ['hang', 'hang'];
    const options: RequestOptions = { timeoutMs: 30 };
    await expect(client.get('/v1/data/bible/books', {}, options)).rejects.toBeInstanceOf(TimeoutError);
    expect(faults.sent).toHaveLength(2);
    fresh();
    faults.script = ['hang'];
    expect(await client.get('/v1/data/bible/books', {}, { timeoutMs: 30, maxRetries: 1 })).toHaveProperty('books');
    expect(CHAT_TIMEOUT_MS).toBeGreaterThan(PROVIDER_TIMEOUT_MS);
  });

  it('sets no deadline on a request its transport answers in-process (the embedded library, built on first use): it cannot be cut short', async () => {
    let signal: AbortSignal | undefined | 'unsent' = 'unsent';
    const books = await embedded.send({ method: 'GET', path: '/v1/data/bible/books', headers: {} });
    const slow: Transport = {
      description: 'in-process, slow',
      answersInProcess: (req) => req.method === 'GET',
      send: async (req) => {
        signal = req.signal;
        await new Promise((done) => setTimeout(done, 60));
        return books;
      },
    };
    const inProcess = new BibleClient({ transport: slow });
    expect(await inProcess.get('/v1/data/bible/books', {}, { timeoutMs: 20, maxRetries: 0 })).toHaveProperty('books');
    expect(signal).toBeUndefined();
    expect(embedded.answersInProcess({ method: 'GET', path: '/v1/data/catalog', headers: {} })).toBe(true);
    expect(embedded.answersInProcess({ method: 'POST', path: '/v1/chat', headers: {}, body: '{}' })).toBe(false);
  });

  it('ends a cancelled request at once with UserAbortError, and does not retry it', async () => {
    fresh();
    faults.script = ['hang'];
    const cancel = new AbortController();
    const pending = client.chat({ message: 'grace' }, { signal: cancel.signal });
    setImmediate(() => cancel.abort());
    await expect(pending).rejects.toBeInstanceOf(UserAbortError);
    expect(faults.sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a cancel during the wait before a retry ends the request then, not after the wait', async () => {
    faults = new Faults(embedded);
    client = new BibleClient({ transport: faults, retry: { sleep: () => new Promise(() => {}) } });
    faults.script = [status(503)];
    const cancel = new AbortController();
    const pending = client.get('/v1/data/bible/books', {}, { signal: cancel.signal });
    await until(() => faults.sent.length === 1, 'the first attempt');
    cancel.abort();
    await expect(pending).rejects.toBeInstanceOf(UserAbortError);
    expect(faults.sent).toHaveLength(1);
  });

  it('says a 409 plainly when the first answer never comes', async () => {
    fresh({ maxRetries: 1 });
    faults.script = [status(409), status(409)];
    await expect(client.chat({ message: 'grace' })).rejects.toBeInstanceOf(ConflictError);
  });
});
