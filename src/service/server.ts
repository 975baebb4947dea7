import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { LibraryStore } from '../library/store/library-store.js';
import { createApp } from './app.js';
import type { KeyStore } from './keys/key-store.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  host: string;
  port: number;
  store: LibraryStore;
  keys: KeyStore;
  /** One line per request: method, path, status, milliseconds. Never a header (keys travel in headers). */
  log: (line: string) => void;
  logError: (err: unknown) => void;
}

export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/** Starts the HTTP service; resolves once it listens, rejects with PortInUseError on a busy port. */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const inner = createApp({ store: options.store, keys: options.keys, logError: options.logError });
  const fetch = async (req: Request): Promise<Response> => {
    const started = performance.now();
    const res = await inner.fetch(req);
    const url = req.url;
    const from = url.indexOf('/', url.indexOf('//') + 2);
    const q = url.indexOf('?', from);
    const path = q < 0 ? url.slice(from) : url.slice(from, q);
    options.log(`${req.method} ${path} ${res.status} ${(performance.now() - started).toFixed(1)}ms`);
    return res;
  };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: options.host, port: options.port }, (info: AddressInfo) => {
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${host}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Idle keep-alive sockets would hold close() open; end them.
            (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
          }),
      });
    });
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(new PortInUseError(`port ${options.port} on ${options.host} is in use; choose another with --port`));
      else if (err.code === 'EACCES')
        reject(new PortInUseError(`no permission to listen on ${options.host}:${options.port}`));
      else reject(err);
    });
  });
}
