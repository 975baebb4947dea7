import { readableOfKind } from '../access.js';
import { notFound } from '../errors.js';
import { bookChapter, STATUSES } from './common.js';
import { operation } from './operation.js';
import { PathParams } from './params.js';

const getCrossrefs = operation(
  {
    path: '/v1/data/crossrefs/{book}/{chapter}/{verse}',
    operationId: 'getCrossrefs',
    summary: 'Cross-references of a verse',
    description:
      'Each reference in the form Book chapter:verse (a verse range as Book c:v-v). A verse with none has an empty list.',
    tags: ['crossrefs'],
    request: { params: { book: PathParams.book, chapter: PathParams.chapter, verse: PathParams.verse } },
    data: (s) => s.CrossRefs,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { book: bookText, chapter, verse } = input.params;
    const [resource] = readableOfKind(deps.store, principal, 'crossrefs');
    if (!resource) throw notFound('no cross-references in this library');
    const book = bookChapter(bookText, chapter, verse);
    const refs = deps.store.crossrefs(book.number, chapter, verse) ?? [];
    return { book: book.name, chapter, verse, refs, attribution: resource.attribution };
  },
);

export const crossrefOperations = [getCrossrefs];
