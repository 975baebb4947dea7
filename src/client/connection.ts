import type { ResponseCache } from './cache.js';
import { errorFromResponse, TimeoutError, UserAbortError } from './errors.js';
import { type RetryOptions, withRetries } from './retry.js';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

/** What one request may spend, and how it may be repeated. */
export interface RequestOptions {
  /** Longest wait for one attempt's whole answer (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Retries after a failure `shouldRetry` accepts (default the client's, else MAX_RETRIES). */
  maxRetries?: number;
  /** Cancels the request: it ends at once with UserAbortError and is not retried. */
  signal?: AbortSignal;
  /** Makes a POST safe to retry: the service answers a repeat with the first answer. */
  idempotencyKey?: string;
  /** Told each piece of the answer's body as it arrives (a streamed answer). */
  onChunk?: (text: string) => void;
}

/** A data answer comes from an SQLite query: 30 s is a service in trouble. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface ClientOptions {
  transport: Transport;
  apiKey?: string;
  cache?: ResponseCache;
  retry?: RetryOptions;
  /** Request lines and timings for --debug. The key never reaches it. */
  debug?: (line: string) => void;
}

export type Query = Record<string, string | number | undefined>;

/** A whole answer: status, headers and the parsed envelope (for `bible api`). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A connection to the service: each request sent through the transport with its timeout, its
 * retries and the response cache, answered whole (`raw`) or as its envelope's data (`get`,
 * `post`). BibleClient (client.ts) names the endpoints on it.
 */
export class ServiceConnection {
  constructor(protected readonly options: ClientOptions) {}

  get transport(): Transport {
    return this.options.transport;
  }

  protected async send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<TransportResponse> {
    const { transport, apiKey, cache, debug } = this.options;
    const started = process.hrtime.bigint();
    if (method === 'GET') {
      const hit = cache?.get(path);
      if (hit) {
        debug?.(`${method} ${path} -> ${hit.status} from the cache (${msSince(started)} ms, no request)`);
        return hit;
      }
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (apiKey) headers['x-api-key'] = apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    debug?.(`${method} ${transport.description}${path}${apiKey ? ' (X-API-Key: ***)' : ''}`);
    const request = {
      method,
      path,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      onChunk: options.onChunk,
    };
    const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    // A POST is sent twice only when the service can tell the repeat from a new request.
    const retryable = method === 'GET' || options.idempotencyKey !== undefined;
    const res = await withRetries(() => this.attempt(request, timeoutMs, options.signal), {
      ...this.options.retry,
      maxRetries: retryable ? (options.maxRetries ?? this.options.retry?.maxRetries) : 0,
      signal: options.signal,
      onRetry: (attempt, delay, reason) => debug?.(`retry ${attempt} in ${Math.round(delay)} ms after ${reason}`),
    });
    debug?.(`${method} ${path} -> ${res.status} in ${msSince(started)} ms`);
    if (method === 'GET') await cache?.put(path, res);
    return res;
  }

  /**
   * One attempt, given `timeoutMs` for the whole answer. It ends when the answer arrives, the time
   * runs out (TimeoutError) or the caller cancels (UserAbortError), whatever the transport does
   * with the signal: the embedded service cannot be interrupted mid-answer.
   */
  private async attempt(
    request: Omit<TransportRequest, 'signal'>,
    timeoutMs: number,
    cancel: AbortSignal | undefined,
  ): Promise<TransportResponse> {
    if (cancel?.aborted) throw new UserAbortError();
    if (this.options.transport.answersInProcess?.(request)) return this.options.transport.send(request);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
    const stopped = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    try {
      return await Promise.race([this.options.transport.send({ ...request, signal }), stopped]);
    } catch (err) {
      if (cancel?.aborted) throw new UserAbortError();
      if (deadline.aborted) {
        throw new TimeoutError(`no answer from ${this.options.transport.description} in ${timeoutMs / 1000} s`);
      }
      throw err;
    }
  }

  /** Any GET, answered whole, errors included (a failed transport still throws). */
  async raw(path: string, query: Query = {}, options: RequestOptions = {}): Promise<RawAnswer> {
    const res = await this.send('GET', withQuery(path, query), undefined, options);
    return { status: res.status, headers: res.headers, body: parse(res) };
  }

  /** The `data` of a successful GET; a typed BibleApiError otherwise. */
  async get<T>(path: string, query: Query = {}, options: RequestOptions = {}): Promise<T> {
    const res = await this.send('GET', withQuery(path, query), undefined, options);
    const body = parse(res) as { success?: boolean; data?: T };
    if (res.status !== 200 || body?.success !== true) throw errorFromResponse(res.status, body, res.headers);
    return body.data as T;
  }

  /** A POST answered whole on success (chat returns data and meta), a typed error otherwise. */
  async post<T>(path: string, payload: unknown, options: RequestOptions = {}): Promise<T> {
    const res = await this.send('POST', path, payload, options);
    const body = parse(res) as { success?: boolean };
    if (res.status !== 200 || body?.success !== true) throw errorFromResponse(res.status, body, res.headers);
    return body as T;
  }

  /**
   * Whether the service's /openapi.json (which the contract serves) lists a path, named by its
   * template; undefined when the document cannot tell (not served, not JSON, no paths).
   */
  async lists(template: string): Promise<boolean | undefined> {
    try {
      const answer = await this.raw('/openapi.json', {}, { maxRetries: 0 });
      const paths = (answer.body as { paths?: unknown } | undefined)?.paths;
      if (answer.status !== 200 || typeof paths !== 'object' || paths === null) return undefined;
      return Object.hasOwn(paths, template);
    } catch {
      return undefined;
    }
  }

  async close(): Promise<void> {
    await this.options.transport.close?.();
  }
}

function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export function parse(res: TransportResponse): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    return {
      success: false,
      error: {
        code: res.status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${res.status}`,
        message: `the service answered HTTP ${res.status} without a JSON envelope`,
      },
    };
  }
}

/**
 * A fresh Idempotency-Key. Through the global Web Crypto, which Node loads on first use: importing
 * node:crypto here would load it (about 3 ms) on every command's start-up, for the chat alone.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Milliseconds since a process.hrtime.bigint() reading, for --debug. Not performance.now(): its
 * first use loads perf_hooks (under a millisecond, on every request of every run).
 */
function msSince(started: bigint): string {
  return (Number(process.hrtime.bigint() - started) / 1e6).toFixed(1);
}
