import type { ServiceDeps } from '../context.js';
import { bibleRoutes } from './bible.js';
import { catalogRoutes } from './catalog.js';
import { commentaryRoutes } from './commentaries.js';
import type { DataMiddleware } from './common.js';
import { concordanceRoutes } from './concordance.js';
import { crossrefRoutes } from './crossrefs.js';
import { dictionaryRoutes } from './dictionaries.js';
import { findRoutes } from './find.js';
import { searchRoutes } from './search.js';
import { storyRoutes } from './stories.js';
import { strongsRoutes } from './strongs.js';
import type { RouteTable } from './table.js';
import { topicRoutes } from './topics.js';

export { DATA_CACHE_CONTROL } from './route-modules.js';

/**
 * Every data route, the contract's and the extensions, in the order they are matched: the one
 * list app.ts mounts on Hono. The embedded dispatcher serves the same modules in the same order,
 * loading each on demand, through ROUTE_MODULES (route-modules.ts), which a test holds to this.
 */
export function dataRoutes(deps: ServiceDeps, middleware: DataMiddleware): RouteTable[] {
  return [
    catalogRoutes(deps, middleware),
    bibleRoutes(deps, middleware),
    strongsRoutes(deps, middleware),
    commentaryRoutes(deps, middleware),
    dictionaryRoutes(deps, middleware),
    topicRoutes(deps, middleware),
    crossrefRoutes(deps, middleware),
    storyRoutes(deps, middleware),
    searchRoutes(deps, middleware),
    concordanceRoutes(deps, middleware),
    findRoutes(deps, middleware),
  ];
}
