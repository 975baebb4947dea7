import { type Book, bookByNumber } from '../../core/canon/canon.js';
import { readable } from '../access.js';
import type { ServiceDeps } from '../context.js';
import { notFound } from '../errors.js';
import { EXTENSIONS_TAG, STATUSES } from './common.js';
import { operation } from './operation.js';
import { PathParams } from './params.js';

/** Throws 404 saying plainly that a translation does not include a book, when it holds none of it. */
export function lacking(deps: ServiceDeps, translation: string, book: Book): void {
  if (!deps.store.holdsBook(translation, book.number))
    throw notFound(`the ${translation.toUpperCase()} does not include ${book.name}`);
}

/** Extension: the books a translation holds (the deuterocanon too), by its own numbering. */
export const translationBooks = operation(
  {
    path: '/v1/data/bible/{translation}/books',
    operationId: 'getTranslationBooks',
    summary: 'The books a translation holds',
    description:
      "Each book the translation holds, in canonical order (the 66, then the deuterocanon and apocrypha numbered 67-90), with its chapters and verses by the translation's own versification.",
    tags: [EXTENSIONS_TAG],
    extension: true,
    request: { params: { translation: PathParams.translation } },
    data: (s) => s.TranslationBooks,
    statuses: STATUSES.slug,
  },
  (deps, principal, input) => {
    const resource = readable(deps.store, principal, 'bible', input.params.translation);
    const versification = deps.store.versificationOf(resource.id);
    const books = deps.store.heldBooks(resource.id).flatMap((held) => {
      const book = bookByNumber(held.book);
      if (!book) return [];
      return [
        {
          number: book.number,
          name: book.name,
          osis: book.osis,
          abbreviations: book.abbreviations,
          chapters: held.verseCounts.length,
          verseCounts: held.verseCounts,
          ...(book.deuterocanon ? { deuterocanon: true } : {}),
        },
      ];
    });
    return {
      translation: resource.id,
      ...(versification ? { versification } : {}),
      books,
      attribution: resource.attribution,
    };
  },
);
