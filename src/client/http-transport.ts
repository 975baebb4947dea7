import { Agent, errors, request } from 'undici';
import { ConnectionError, TimeoutError } from './errors.js';
import { shownUrl } from './shown-url.js';
import { readBody, type Transport, type TransportRequest, type TransportResponse } from './transport.js';

export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * HTTP to a service speaking the contract, with undici: 10 s to connect; how long an answer may
 * take is each request's own (the client's per-request timeout, through the signal).
 */
export class HttpTransport implements Transport {
  /** The base URL without its credentials, if it has any (shown-url.ts). */
  readonly description: string;
  private readonly agent: Agent;
  private readonly base: string;

  constructor(baseUrl: string, connectTimeoutMs = CONNECT_TIMEOUT_MS) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.description = shownUrl(this.base);
    this.agent = new Agent({
      connect: { timeout: connectTimeoutMs },
      // Off: the request's signal carries its own deadline (a chat waits longer than a lookup).
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    try {
      const res = await request(this.base + req.path, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        dispatcher: this.agent,
        signal: req.signal,
      });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      return { status: res.statusCode, headers, body: await readBody(res.body, req.onChunk) };
    } catch (err) {
      if (req.signal?.aborted) throw err;
      if (
        err instanceof errors.ConnectTimeoutError ||
        err instanceof errors.HeadersTimeoutError ||
        err instanceof errors.BodyTimeoutError
      ) {
        throw new TimeoutError(`no answer from ${this.description} in time (${(err as Error).message})`);
      }
      const code = (err as { code?: string }).code;
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new ConnectionError(`cannot reach ${this.description}: ${cause ?? code ?? (err as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
