import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { dataRoutes } from '../../src/service/routes/data-routes.js';
import { ROUTE_MODULES } from '../../src/service/routes/route-modules.js';
import { TEST_LIBRARY } from '../support/env.js';

/**
 * The embedded dispatcher matches a request against ROUTE_MODULES' paths and loads only the
 * module that declares it; the Hono app mounts dataRoutes(). Both must be the same routes in the
 * same order, or the two would answer a request with different routes.
 */
describe('the route modules the embedded dispatcher loads on demand', () => {
  let store: LibraryStore;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store?.close());

  it("list each module's paths as its table declares them, in dataRoutes()'s order", async () => {
    const deps = { store };
    const served = dataRoutes(deps, []).map((table) => table.routes.map((r) => r.route.path));
    const listed = ROUTE_MODULES.map((m) => m.paths);
    const loaded = await Promise.all(
      ROUTE_MODULES.map(async (m) => (await m.load())(deps, []).routes.map((r) => r.route.path)),
    );
    expect(listed).toEqual(served);
    expect(loaded).toEqual(served);
    expect(served.flat()).toHaveLength(20);
  });
});
