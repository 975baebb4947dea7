import type { z } from 'zod';
import { BOOKS } from '../../core/canon/canon.js';
import type { ResourceRow } from '../../library/store/library-store.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import type { ResponseSchemas } from './response-schemas.js';

const item = (r: ResourceRow) => ({ id: r.id, name: r.name, attribution: r.attribution });

/**
 * The catalog lists only what the key can read. `crossrefs` and `stories` are single items; when
 * the key cannot read them they are null (the contract does not say; we never list the unreadable).
 */
function catalogForKey({ Catalog, z }: ResponseSchemas) {
  // Inline objects rather than the CatalogItem $ref: OpenAPI 3.0 cannot mark a $ref nullable.
  const NullableItem = z.object({ id: z.string(), name: z.string(), attribution: z.string() }).nullable();
  return Catalog.extend({
    crossrefs: NullableItem,
    stories: NullableItem,
  }).meta({ id: 'Catalog', description: 'What the key can read. crossrefs and stories are null when not readable.' });
}
type CatalogForKey = z.infer<ReturnType<typeof catalogForKey>>;

const getCatalog = operation(
  {
    path: '/v1/data/catalog',
    operationId: 'getCatalog',
    summary: 'What this key can read',
    tags: ['catalog'],
    data: catalogForKey,
    statuses: STATUSES.listing,
  },
  (deps, principal) => {
    const readable = deps.store.resources().filter((r) => principal.canRead(r.id));
    const of = (kind: ResourceRow['kind']) => readable.filter((r) => r.kind === kind).map(item);
    const single = (kind: ResourceRow['kind']) => {
      const r = readable.find((x) => x.kind === kind);
      return r ? item(r) : null;
    };
    const data: CatalogForKey = {
      bible: of('bible'),
      commentaries: of('commentary'),
      dictionaries: of('dictionary'),
      topics: of('topics'),
      lexicons: of('lexicon'),
      crossrefs: single('crossrefs'),
      stories: single('stories'),
    };
    return data;
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
const listBooks = operation(
  {
    path: '/v1/data/bible/books',
    operationId: 'listBooks',
    summary: 'The 66 books in canonical order, with abbreviations and verse counts',
    tags: ['bible'],
    data: (s) => s.BookList,
    statuses: STATUSES.listing,
  },
  () => books,
);

export const catalogOperations = [getCatalog, listBooks];
