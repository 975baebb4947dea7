import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { createApp } from '../../src/service/app.js';
import { TEST_LIBRARY } from '../support/env.js';

// 32 of the commonest words OR-ed, by relevance: read at once, it held the node for 0.4-0.6 s
// (bench/hostile.mjs), and /healthz with it.
const WORST =
  'the and of to that in he shall unto for i his a lord they be is him not them it with all thou thy was god which my me said but'
    .split(' ')
    .join(' OR ');

describe('the service reads a costly search in turns', () => {
  // Slices of 0 ms (a pause every 64 rows), so the test holds whatever the machine's speed.
  let store: LibraryStore;
  let app: Awaited<ReturnType<typeof createApp>>;
  beforeAll(async () => {
    store = new LibraryStore(TEST_LIBRARY, 0);
    app = await createApp({ store });
  });
  afterAll(() => store.close());

  it('answers /healthz while the worst verse search is being read, and the search in full', async () => {
    const search = Promise.resolve(
      app.request(`/v1/data/bible/kjv/search?q=${encodeURIComponent(WORST)}&order=relevance&limit=1000`),
    );
    let searched = false;
    void search.then(() => {
      searched = true;
    });
    // Asked once the search has begun reading (some turns of the loop on): answered before it ends.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    const health = await app.request('/healthz');
    expect([health.status, searched]).toEqual([200, false]);
    const res = await search;
    const body = (await res.json()) as { data: { total: number; results: unknown[] } };
    expect([res.status, body.data.total > 31_000, body.data.results.length]).toEqual([200, true, 1000]);
  });
});
