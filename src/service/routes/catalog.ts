import { z } from '@hono/zod-openapi';
import { BOOKS } from '../../core/canon/canon.js';
// Each from its own module: the index would build every schema of the contract, and the catalog
// is asked on most embedded lookups (the first translation, when none is configured).
import { BookList } from '../../core/schemas/bible.js';
import { Catalog } from '../../core/schemas/catalog.js';
import type { ResourceRow } from '../../library/store/library-store.js';
import type { ServiceDeps } from '../context.js';
import { type DataMiddleware, dataRoute, STATUSES } from './common.js';
import { ok, routeTable } from './table.js';

const item = (r: ResourceRow) => ({ id: r.id, name: r.name, attribution: r.attribution });

/**
 * The catalog lists only what the key can read. `crossrefs` and `stories` are single items; when
 * the key cannot read them they are null (the contract does not say; we never list the unreadable).
 */
// Inline objects rather than the CatalogItem $ref: OpenAPI 3.0 cannot mark a $ref nullable.
const NullableItem = z.object({ id: z.string(), name: z.string(), attribution: z.string() }).nullable();
const CatalogForKey = Catalog.extend({
  crossrefs: NullableItem,
  stories: NullableItem,
}).openapi('Catalog', { description: 'What the key can read. crossrefs and stories are null when not readable.' });

export function catalogRoutes(deps: ServiceDeps, middleware: DataMiddleware) {
  const router = routeTable();
  router.openapi(
    dataRoute({
      path: '/v1/data/catalog',
      operationId: 'getCatalog',
      summary: 'What this key can read',
      tags: ['catalog'],
      data: CatalogForKey,
      statuses: STATUSES.listing,
      middleware,
    }),
    (c) => {
      const principal = c.get('principal');
      const readable = deps.store.resources().filter((r) => principal.canRead(r.id));
      const of = (kind: ResourceRow['kind']) => readable.filter((r) => r.kind === kind).map(item);
      const single = (kind: ResourceRow['kind']) => {
        const r = readable.find((x) => x.kind === kind);
        return r ? item(r) : null;
      };
      const data: z.infer<typeof CatalogForKey> = {
        bible: of('bible'),
        commentaries: of('commentary'),
        dictionaries: of('dictionary'),
        topics: of('topics'),
        lexicons: of('lexicon'),
        crossrefs: single('crossrefs'),
        stories: single('stories'),
      };
      return ok(c, data);
    },
  );

  const books = {
    books: BOOKS.map((b) => ({
      number: b.number,
      name: b.name,
      abbreviations: b.abbreviations,
      chapters: b.chapters,
      verseCounts: b.verseCounts,
    })),
  };
  router.openapi(
    dataRoute({
      path: '/v1/data/bible/books',
      operationId: 'listBooks',
      summary: 'The 66 books in canonical order, with abbreviations and verse counts',
      tags: ['bible'],
      data: BookList,
      statuses: STATUSES.listing,
      middleware,
    }),
    (c) => ok(c, books),
  );
  return router;
}
