import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy in front of `bible serve` that can answer the next requests with a 500
 * envelope (optionally with Retry-After), hold them, or pass them on and lose the answer (the
 * service did the work; the client sees the connection drop), and counts what reaches it. It can
 * also play a partner service that predates our extensions (`withoutExtensions`).
 */
// Set by the proxy's own connection to the service, not passed on.
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export class FaultProxy {
  private server: Server | undefined;
  private failures = 0;
  private retryAfter: string | undefined;
  private holdMs = 0;
  private drops = 0;
  /** Paths of the operations tagged `extensions`, as patterns, while playing an older service. */
  private extensions: RegExp[] = [];
  /** Names of the contract operations' query parameters marked `x-extension`, dropped meanwhile. */
  private extensionParams = new Set<string>();
  /** Playing a service whose find predates its `all` parameter and confidence fields. */
  private findBeforeAll = false;
  /** Playing a service whose chat predates its `translation` field: the field is taken out of requests. */
  private chatBeforeTranslation = false;
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
      const path = (req.url ?? '/').split('?')[0] as string;
      if (this.extensions.some((re) => re.test(path))) {
        // In the contract's envelope and words of its own, as another implementation may answer.
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'Not Found' } }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !HOP_HEADERS.has(k)) headers[k] = v;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body = chunks.length ? Buffer.concat(chunks) : undefined;
      if (this.chatBeforeTranslation && path === '/v1/chat' && body) {
        const { translation: _ignored, ...rest } = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        body = Buffer.from(JSON.stringify(rest));
      }
      const oldFind = this.findBeforeAll && path.endsWith('/find');
      const url = new URL(req.url ?? '/', this.target);
      for (const name of this.extensionParams) url.searchParams.delete(name);
      // Such a service shows every match (it has no bar) and knows no `all`: asked for all, its
      // fields taken out of the answer below.
      if (oldFind) url.searchParams.set('all', 'true');
      // Nor `keep`, newer still: a question in another language is answered from a translation in it.
      if (oldFind) url.searchParams.delete('keep');
      const upstream = await fetch(url, { method: req.method, headers, body });
      if (this.drops > 0) {
        this.drops--;
        await upstream.arrayBuffer();
        res.socket?.destroy();
        return;
      }
      const out: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'content-encoding') out[k] = v;
      });
      res.writeHead(upstream.status, out);
      const answer = oldFind
        ? Buffer.from(JSON.stringify(withoutFindAll(await upstream.json())))
        : Buffer.from(await upstream.arrayBuffer());
      res.end(path === '/openapi.json' && this.extensions.length ? JSON.stringify(contractOnly(answer)) : answer);
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

  /** The next `n` requests reach the service, and its answers are lost on the way back. */
  dropAnswers(n: number): void {
    this.drops = n;
  }

  /**
   * From now on, a service from before the extensions: their paths are answered with a plain
   * NOT_FOUND, and /openapi.json lists only the contract's operations.
   */
  async withoutExtensions(): Promise<void> {
    const doc = (await (await fetch(`${this.target}/openapi.json`)).json()) as OpenApi;
    this.extensions = Object.keys(doc.paths)
      .filter((p) => !(p in contractOnly(Buffer.from(JSON.stringify(doc))).paths))
      .map((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`));
    // An older service ignores a query parameter it does not know.
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops))
        for (const param of op.parameters ?? [])
          if (param.in === 'query' && param.schema?.['x-extension']) this.extensionParams.add(param.name);
  }

  /** From now on, a service whose find predates `all` and `keep`: it ignores them and answers without note, all or confidence. */
  playFindBeforeAll(): void {
    this.findBeforeAll = true;
  }

  /** From now on, a service whose chat predates `translation`: it never sees the field, so it echoes none. */
  playChatBeforeTranslation(): void {
    this.chatBeforeTranslation = true;
  }

  hold(ms: number): void {
    this.holdMs = ms;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }
}

/** A find answer as a service from before `all` gives it: no note, all or confidence. */
function withoutFindAll(envelope: { data?: Record<string, unknown> }): unknown {
  const data = envelope.data;
  if (!data) return envelope;
  const { note: _note, all: _all, results, ...rest } = data;
  const old = (results as Array<Record<string, unknown>>).map(({ confidence: _c, ...r }) => r);
  return { ...envelope, data: { ...rest, results: old } };
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { tags?: string[]; parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown> }> }
    >
  >;
}

/** The document without the paths whose every operation is tagged `extensions`. */
function contractOnly(body: Buffer): OpenApi {
  const doc = JSON.parse(body.toString()) as OpenApi;
  const paths = Object.entries(doc.paths).filter(([, ops]) =>
    Object.values(ops).some((op) => !op.tags?.includes('extensions')),
  );
  return { ...doc, paths: Object.fromEntries(paths) };
}
