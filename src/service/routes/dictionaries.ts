import { SEARCH_RESULTS_MAX } from '../../core/limits.js';
import { readable } from '../access.js';
import type { ServiceDeps } from '../context.js';
import { notFound } from '../errors.js';
import { type DataMiddleware, dataRoute, STATUSES } from './common.js';
import { integerParam, PathParams, searchText } from './params.js';
import { ok, routeTable } from './table.js';

export function dictionaryRoutes(deps: ServiceDeps, middleware: DataMiddleware) {
  const router = routeTable();
  router.openapi(
    dataRoute({
      path: '/v1/data/dictionaries/{id}/search',
      operationId: 'searchDictionary',
      summary: 'Headword prefix search',
      description: `Case-insensitive headword prefix search, alphabetical, at most ${SEARCH_RESULTS_MAX} results.`,
      tags: ['dictionaries'],
      request: {
        params: { id: PathParams.id },
        query: { q: searchText('q', 1, 'Headword prefix') },
      },
      data: (s) => s.DictionarySearchResult,
      statuses: STATUSES.lookup,
      middleware,
    }),
    (c) => {
      const { id } = c.req.valid('param');
      const { q } = c.req.valid('query');
      const resource = readable(deps.store, c.get('principal'), 'dictionary', id);
      const results = deps.store.dictionarySearch(resource.id, q, SEARCH_RESULTS_MAX);
      return ok(c, { results, attribution: resource.attribution });
    },
  );

  router.openapi(
    dataRoute({
      path: '/v1/data/dictionaries/{id}/entries/{idx}',
      operationId: 'getDictionaryEntry',
      summary: 'One dictionary entry',
      tags: ['dictionaries'],
      request: {
        params: {
          id: PathParams.id,
          idx: integerParam('idx', 0),
        },
      },
      data: (s) => s.DictionaryEntry,
      statuses: STATUSES.lookup,
      middleware,
    }),
    (c) => {
      const { id, idx } = c.req.valid('param');
      const resource = readable(deps.store, c.get('principal'), 'dictionary', id);
      const entry = deps.store.dictionaryEntry(resource.id, idx);
      if (!entry) throw notFound(`${resource.id} has no entry ${idx}`);
      return ok(c, { id: resource.id, ...entry, attribution: resource.attribution });
    },
  );
  return router;
}
