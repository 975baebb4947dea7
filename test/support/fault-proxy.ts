import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy in front of `bible serve` that can answer the next requests with a 500
 * envelope (optionally with Retry-After) or hold them, and counts what reaches it.
 */
export class FaultProxy {
  private server: Server | undefined;
  private failures = 0;
  private retryAfter: string | undefined;
  private holdMs = 0;
  seen = 0;
  url = '';

  constructor(private readonly target: string) {}

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      this.seen++;
      if (this.holdMs) await new Promise((r) => setTimeout(r, this.holdMs));
      if (this.failures > 0) {
        this.failures--;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (this.retryAfter !== undefined) headers['retry-after'] = this.retryAfter;
        res.writeHead(500, headers);
        res.end(JSON.stringify({ success: false, error: { code: 'INTERNAL_ERROR', message: 'injected fault' } }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host') headers[k] = v;
      const upstream = await fetch(this.target + (req.url ?? '/'), { method: req.method, headers });
      const out: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'content-encoding') out[k] = v;
      });
      res.writeHead(upstream.status, out);
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  /** The next `n` requests get a 500 envelope. */
  fail(n: number, retryAfter?: string): void {
    this.failures = n;
    this.retryAfter = retryAfter;
  }

  hold(ms: number): void {
    this.holdMs = ms;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }
}
