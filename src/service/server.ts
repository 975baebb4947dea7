import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { LibraryStore } from '../library/store/library-store.js';
import { createApp } from './app.js';
import type { McpHandler } from './context.js';
import { errorBody } from './errors.js';
import { SERVER_LIMITS, type ServerLimits } from './limits.js';
import { foldRepeats } from './log-repeats.js';
import type { StateStore } from './state/state-store.js';
import { Turns } from './turns.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  host: string;
  port: number;
  store: LibraryStore;
  keys: StateStore;
  /** One line per request: time (ISO 8601, UTC), method, path, status, milliseconds. Never a header (keys travel in headers). */
  log: (line: string) => void;
  logError: (err: unknown) => void;
  /** Serves `/mcp` when given. */
  mcp?: McpHandler;
  /** SERVER_LIMITS unless given (tests use short ones). */
  limits?: Partial<ServerLimits>;
}

/**
 * A request in absolute form (`GET http://other.host/… HTTP/1.1`) that names a host other than
 * the Host header: this is an origin server, not a proxy, so it is refused.
 */
function namesAnotherHost(req: Request): boolean {
  const host = req.headers.get('host');
  if (host === null) return false;
  const url = new URL(req.url);
  return URL.parse(`${url.protocol}//${host}`)?.host !== url.host;
}

/** While stopping, how often the connections whose answers have gone out are ended. */
const CLOSE_IDLE_EVERY_MS = 50;

/** Closes a connection as it arrives when its address already holds `perAddress` of them. */
function shareConnections(
  server: { on(event: 'connection', listener: (socket: Socket) => void): unknown },
  perAddress: number,
) {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address) ?? 0;
    if (held >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left) open.set(address, left);
      else open.delete(address);
    });
  });
}

export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/** Starts the HTTP service; resolves once it listens, rejects with PortInUseError on a busy port. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // The chat's tokenizer tables (gpt-tokenizer: ~160 ms and ~70 MB to load) are loaded before the
  // server listens. Loaded with the first chat message, as the embedded CLI does, they held up
  // every request in flight for that long (bench/hostile.mjs: /catalog 260 ms during the first chats).
  await import('./chat/tokens.js');
  const turns = new Turns();
  const inner = await createApp({
    turns,
    store: options.store,
    keys: options.keys,
    logError: foldRepeats(options.logError),
    mcp: options.mcp,
  });
  const limits = { ...SERVER_LIMITS, ...options.limits };
  const fetch = async (req: Request): Promise<Response> => {
    const started = performance.now();
    const res = namesAnotherHost(req)
      ? Response.json(errorBody('INVALID_REQUEST', 'the request names another host; this server is not a proxy'), {
          status: 400,
        })
      : await inner.fetch(req);
    const url = req.url;
    const from = url.indexOf('/', url.indexOf('//') + 2);
    const q = url.indexOf('?', from);
    const path = q < 0 ? url.slice(from) : url.slice(from, q);
    // The time it was answered, in UTC: an operator matches the log against a client's report and other nodes' logs.
    options.log(
      `${new Date().toISOString()} ${req.method} ${path} ${res.status} ${(performance.now() - started).toFixed(1)}ms`,
    );
    return res;
  };
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch,
        hostname: options.host,
        port: options.port,
        serverOptions: {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: limits.checkIntervalMs,
        },
      },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${host}:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              turns.close();
              // Idle keep-alive sockets would hold close() open until their timeout (5 s), and so would
              // each one whose answer was in flight: end them now and as each answer goes out.
              const closeIdle = () =>
                (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
              const idling = setInterval(closeIdle, CLOSE_IDLE_EVERY_MS);
              server.close(() => {
                clearInterval(idling);
                done();
              });
              closeIdle();
            }),
        });
      },
    );
    server.maxConnections = limits.maxConnections;
    shareConnections(server, limits.maxConnectionsPerAddress);
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(new PortInUseError(`port ${options.port} on ${options.host} is in use; choose another with --port`));
      else if (err.code === 'EACCES')
        reject(new PortInUseError(`no permission to listen on ${options.host}:${options.port}`));
      else reject(err);
    });
  });
}
