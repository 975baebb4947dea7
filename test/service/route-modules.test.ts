import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '../../src/service/routes/route-modules.js';

/**
 * The embedded dispatcher matches a request against ROUTE_MODULES' paths and loads only the
 * module that declares it; the Hono app mounts every module's operations in the table's order.
 * Each entry's paths must be its module's operations, in their order, or the dispatcher would
 * answer a request with another operation than the app.
 */
describe('the table of route modules', () => {
  it("lists each module's paths as its operations declare them", async () => {
    const listed = ROUTE_MODULES.map((m) => m.paths);
    const loaded = await Promise.all(ROUTE_MODULES.map(async (m) => (await m.load()).map((o) => o.route.path)));
    expect(listed).toEqual(loaded);
    expect(new Set(listed.flat()).size).toBe(24);
  });
});
