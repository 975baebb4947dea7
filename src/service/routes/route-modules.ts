import type { Operation } from './operation.js';

/** What every successful data answer carries; errors carry none. */
export const DATA_CACHE_CONTROL = 'private, max-age=300';

/** A route module's paths (OpenAPI form, in the order it lists its operations) and its operations, loaded on demand. */
export interface RouteModule {
  paths: readonly string[];
  load: () => Promise<readonly Operation[]>;
}

/**
 * Every data endpoint, the contract's and the extensions, in the order they are matched: the one
 * table of them. The Hono app mounts every module's operations in this order (app.ts,
 * `allOperations`); the embedded dispatcher matches a request against these paths without loading
 * any module, then loads the one that answers it: a passage does not pay for the parameters of
 * search, topics or stories. test/service/route-modules.test.ts holds each entry's paths to the
 * operations its module lists.
 */
export const ROUTE_MODULES: readonly RouteModule[] = [
  {
    paths: ['/v1/data/catalog', '/v1/data/bible/books'],
    load: async () => (await import('./catalog.js')).catalogOperations,
  },
  {
    paths: [
      '/v1/data/bible/{translation}/passage',
      '/v1/data/bible/{translation}/{book}/{chapter}',
      '/v1/data/bible/{translation}/books',
    ],
    load: async () => (await import('./bible.js')).bibleOperations,
  },
  {
    paths: ['/v1/data/strongs/search', '/v1/data/strongs/{number}'],
    load: async () => (await import('./strongs.js')).strongsOperations,
  },
  {
    paths: ['/v1/data/commentaries/{id}/{book}/{chapter}', '/v1/data/commentaries/{id}/{book}/{chapter}/{verse}'],
    load: async () => (await import('./commentaries.js')).commentaryOperations,
  },
  {
    paths: ['/v1/data/dictionaries/{id}/search', '/v1/data/dictionaries/{id}/entries/{idx}'],
    load: async () => (await import('./dictionaries.js')).dictionaryOperations,
  },
  {
    paths: [
      '/v1/data/topics/merged',
      '/v1/data/topics/{id}/search',
      '/v1/data/topics/{id}/browse',
      '/v1/data/topics/{id}/entries/{slug}',
    ],
    load: async () => (await import('./topics.js')).topicOperations,
  },
  {
    paths: ['/v1/data/crossrefs/{book}/{chapter}/{verse}'],
    load: async () => (await import('./crossrefs.js')).crossrefOperations,
  },
  {
    paths: ['/v1/data/stories', '/v1/data/stories/{slug}'],
    load: async () => (await import('./stories.js')).storyOperations,
  },
  {
    paths: ['/v1/data/bible/{translation}/search'],
    load: async () => (await import('./search.js')).searchOperations,
  },
  {
    paths: ['/v1/data/strongs/{number}/verses'],
    load: async () => (await import('./concordance.js')).concordanceOperations,
  },
  {
    paths: ['/v1/data/bible/{translation}/find'],
    load: async () => (await import('./find.js')).findOperations,
  },
  {
    paths: ['/v1/data/genbooks', '/v1/data/genbooks/{id}', '/v1/data/genbooks/{id}/section'],
    load: async () => (await import('./genbooks.js')).genbookOperations,
  },
];

/** Every operation in the table's order: what the Hono app mounts. */
export async function allOperations(): Promise<Operation[]> {
  return (await Promise.all(ROUTE_MODULES.map((m) => m.load()))).flat();
}
