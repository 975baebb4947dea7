import type { ServiceDeps } from '../context.js';
import type { DataMiddleware } from './common.js';
import type { RouteTable } from './table.js';

/** What every successful data answer carries; errors carry none. */
export const DATA_CACHE_CONTROL = 'private, max-age=300';

/** A route module's paths (OpenAPI form, in the order its table declares them) and its table, loaded on demand. */
export interface RouteModule {
  paths: readonly string[];
  load: () => Promise<(deps: ServiceDeps, middleware: DataMiddleware) => RouteTable>;
}

/**
 * The data route modules in dataRoutes()'s order (routes/data-routes.ts), each with its paths, so
 * the embedded dispatcher can match a request without building any table and then load the one
 * module that answers it: building every table constructs every route's parameters, a share of an
 * embedded lookup's start-up. test/service/route-modules.test.ts holds this list to the tables.
 */
export const ROUTE_MODULES: readonly RouteModule[] = [
  {
    paths: ['/v1/data/catalog', '/v1/data/bible/books'],
    load: async () => (await import('./catalog.js')).catalogRoutes,
  },
  {
    paths: ['/v1/data/bible/{translation}/passage', '/v1/data/bible/{translation}/{book}/{chapter}'],
    load: async () => (await import('./bible.js')).bibleRoutes,
  },
  {
    paths: ['/v1/data/strongs/search', '/v1/data/strongs/{number}'],
    load: async () => (await import('./strongs.js')).strongsRoutes,
  },
  {
    paths: ['/v1/data/commentaries/{id}/{book}/{chapter}', '/v1/data/commentaries/{id}/{book}/{chapter}/{verse}'],
    load: async () => (await import('./commentaries.js')).commentaryRoutes,
  },
  {
    paths: ['/v1/data/dictionaries/{id}/search', '/v1/data/dictionaries/{id}/entries/{idx}'],
    load: async () => (await import('./dictionaries.js')).dictionaryRoutes,
  },
  {
    paths: [
      '/v1/data/topics/merged',
      '/v1/data/topics/{id}/search',
      '/v1/data/topics/{id}/browse',
      '/v1/data/topics/{id}/entries/{slug}',
    ],
    load: async () => (await import('./topics.js')).topicRoutes,
  },
  {
    paths: ['/v1/data/crossrefs/{book}/{chapter}/{verse}'],
    load: async () => (await import('./crossrefs.js')).crossrefRoutes,
  },
  {
    paths: ['/v1/data/stories', '/v1/data/stories/{slug}'],
    load: async () => (await import('./stories.js')).storyRoutes,
  },
  {
    paths: ['/v1/data/bible/{translation}/search'],
    load: async () => (await import('./search.js')).searchRoutes,
  },
  {
    paths: ['/v1/data/strongs/{number}/verses'],
    load: async () => (await import('./concordance.js')).concordanceRoutes,
  },
  {
    paths: ['/v1/data/bible/{translation}/find'],
    load: async () => (await import('./find.js')).findRoutes,
  },
];
