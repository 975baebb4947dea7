import { readableOfKind } from '../access.js';
import type { ServiceDeps } from '../context.js';
import { notFound } from '../errors.js';
import { bookChapter, type DataMiddleware, dataRoute, STATUSES } from './common.js';
import { PathParams } from './params.js';
import { ok, routeTable } from './table.js';

export function crossrefRoutes(deps: ServiceDeps, middleware: DataMiddleware) {
  const router = routeTable();
  router.openapi(
    dataRoute({
      path: '/v1/data/crossrefs/{book}/{chapter}/{verse}',
      operationId: 'getCrossrefs',
      summary: 'Cross-references of a verse',
      description:
        'Each reference in the form Book chapter:verse (a verse range as Book c:v-v). A verse with none has an empty list.',
      tags: ['crossrefs'],
      request: { params: { book: PathParams.book, chapter: PathParams.chapter, verse: PathParams.verse } },
      data: (s) => s.CrossRefs,
      statuses: STATUSES.lookup,
      middleware,
    }),
    (c) => {
      const { book: bookText, chapter, verse } = c.req.valid('param');
      const [resource] = readableOfKind(deps.store, c.get('principal'), 'crossrefs');
      if (!resource) throw notFound('no cross-references in this library');
      const book = bookChapter(bookText, chapter, verse);
      const refs = deps.store.crossrefs(book.number, chapter, verse) ?? [];
      return ok(c, { book: book.name, chapter, verse, refs, attribution: resource.attribution });
    },
  );
  return router;
}
