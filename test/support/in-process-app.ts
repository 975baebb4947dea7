import { afterAll, beforeAll } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { createApp } from '../../src/service/app.js';
import { TEST_LIBRARY } from './env.js';

/** An answer of the service as a test reads it: status, headers, the parsed envelope. */
export interface AppAnswer<D> {
  status: number;
  headers: Headers;
  body: { success: boolean; data?: D; error?: { code: string; message: string } };
}

/**
 * The real service over the real test library, answering in this process (no key, no quota):
 * opened before the suite's tests and closed after. Call inside a `describe`.
 */
export function inProcessApp<D>(): {
  answer: (path: string) => Promise<AppAnswer<D>>;
  readonly store: LibraryStore;
  readonly app: Awaited<ReturnType<typeof createApp>>;
} {
  let store: LibraryStore;
  let app: Awaited<ReturnType<typeof createApp>>;
  beforeAll(async () => {
    store = new LibraryStore(TEST_LIBRARY);
    app = await createApp({ store });
  });
  afterAll(() => store.close());
  return {
    answer: async (path) => {
      const res = await app.request(path);
      return { status: res.status, headers: res.headers, body: (await res.json()) as AppAnswer<D>['body'] };
    },
    get store() {
      return store;
    },
    get app() {
      return app;
    },
  };
}
