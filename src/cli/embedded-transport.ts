import { readBody, type Transport, type TransportRequest, type TransportResponse } from '../client/transport.js';
import type { ImportProgress } from '../library/import/import.js';

/**
 * The composition of the embedded mode, kept in the CLI so that client/ depends on core alone:
 * the service itself, answering in-process (Hono's app.fetch) over the local library, as the
 * all-access local principal with no quota. The service and the library load on first use.
 */
export class EmbeddedTransport implements Transport {
  readonly description = 'embedded library';
  private app: Promise<{ fetch: (req: Request) => Response | Promise<Response> }> | undefined;

  constructor(
    private readonly libraryPath: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly notify: (message: string) => void,
    /** Told source by source when the first use builds the library. */
    private readonly onProgress?: (p: ImportProgress) => void,
  ) {}

  private load() {
    this.app ??= (async () => {
      const [{ openLibrary }, { createApp }] = await Promise.all([
        import('../library/ensure.js'),
        import('../service/app.js'),
      ]);
      const store = await openLibrary(this.libraryPath, this.env, this.notify, this.onProgress);
      try {
        store.resources();
      } catch (err) {
        // Said plainly here rather than as the service's 500: the user can mend it.
        throw new Error(
          `the local library ${this.libraryPath} cannot be read (${(err as Error).message}); rebuild it with \`bible library import\``,
        );
      }
      return createApp({ store, env: this.env });
    })();
    return this.app;
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    return sendInProcess(await this.load(), req);
  }
}

/** A request answered by a fetch handler in this process (the service's app), as a transport answers. */
export async function sendInProcess(
  app: { fetch: (req: Request) => Response | Promise<Response> },
  req: TransportRequest,
): Promise<TransportResponse> {
  const res = await app.fetch(
    new Request(`http://embedded${req.path}`, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
    }),
  );
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    headers[k] = v;
  });
  return { status: res.status, headers, body: await readBody(res.body, req.onChunk) };
}
