import { readBody, type Transport, type TransportRequest, type TransportResponse } from '../client/transport.js';
import type { Importer } from '../library/ensure.js';
import type { ImportProgress } from '../library/import/import.js';

/**
 * The composition of the embedded mode, kept in the CLI so that client/ depends on core alone:
 * the service itself, answering in-process over the local library, as the all-access local
 * principal with no quota. Data requests go to the embedded dispatcher (the routes' handlers with
 * no HTTP machinery); the rest to the whole Hono app through app.fetch, loaded only then. The
 * service and the library load on first use.
 */
export class EmbeddedTransport implements Transport {
  readonly description = 'embedded library';
  private service: Promise<EmbeddedService> | undefined;

  constructor(
    private readonly libraryPath: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly notify: (message: string) => void,
    /** Told source by source when the first use builds the library. */
    private readonly onProgress?: (p: ImportProgress) => void,
  ) {}

  private load() {
    this.service ??= (async () => {
      const [{ openLibrary }, { embeddedDispatcher }] = await Promise.all([
        import('../library/ensure.js'),
        import('../service/dispatch.js'),
      ]);
      // In a child the user can stop with Ctrl-C; loaded (with node:child_process) only to build.
      const importer: Importer = async (...args) => (await import('./import-child.js')).importInChild(...args);
      const store = await openLibrary(this.libraryPath, this.env, this.notify, this.onProgress, importer);
      try {
        store.resources();
      } catch (err) {
        // Said plainly here rather than as the service's 500: the user can mend it.
        throw new Error(
          `the local library ${this.libraryPath} cannot be read (${(err as Error).message}); rebuild it with \`bible library import\``,
        );
      }
      const deps = { store, env: this.env };
      let app: Promise<FetchHandler> | undefined;
      return {
        dispatch: embeddedDispatcher(deps),
        // Chat, /openapi.json and whatever the dispatcher leaves: the whole app, loaded then.
        app: () => {
          app ??= import('../service/app.js').then(({ createApp }) => createApp(deps));
          return app;
        },
      };
    })();
    return this.service;
  }

  /**
   * A GET is answered from the library (SQLite, in this process; the first use builds it, 10-30 s);
   * only a chat's or the MCP tools' POST may wait on a language model's service.
   */
  answersInProcess(req: Omit<TransportRequest, 'signal'>): boolean {
    return req.method === 'GET';
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    const service = await this.load();
    const answer = req.body === undefined && !req.onChunk ? service.dispatch(req) : undefined;
    if (answer) return answer;
    return sendInProcess(await service.app(), req);
  }
}

type FetchHandler = { fetch: (req: Request) => Response | Promise<Response> };

interface EmbeddedService {
  /** The data routes in-process, without HTTP (src/service/dispatch.ts). */
  dispatch: import('../service/dispatch.js').Dispatcher;
  app: () => Promise<FetchHandler>;
}

/** A request answered by a fetch handler in this process (the service's app), as a transport answers. */
export async function sendInProcess(app: FetchHandler, req: TransportRequest): Promise<TransportResponse> {
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
