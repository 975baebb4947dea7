import { readable } from '../access.js';
import { notFound } from '../errors.js';
import { bookChapter, STATUSES } from './common.js';
import { operation } from './operation.js';
import { PathParams } from './params.js';

const getCommentaryChapter = operation(
  {
    path: '/v1/data/commentaries/{id}/{book}/{chapter}',
    operationId: 'getCommentaryChapter',
    summary: 'A commentary on a chapter',
    description:
      'Entries for every verse of the chapter the commentary covers. A note written on a run of verses appears once per verse it covers.',
    tags: ['commentaries'],
    request: { params: { id: PathParams.id, book: PathParams.book, chapter: PathParams.chapter } },
    data: (s) => s.CommentaryChapter,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { id, book: bookText, chapter } = input.params;
    const resource = readable(deps.store, principal, 'commentary', id);
    const book = bookChapter(bookText, chapter);
    const notes = deps.store.notesInChapter(resource.id, book.number, chapter);
    if (!notes.length) throw notFound(`${resource.id} has no notes on ${book.name} ${chapter}`);
    const entries = notes.flatMap((n) =>
      Array.from({ length: n.verse_end - n.verse_start + 1 }, (_, i) => ({ verse: n.verse_start + i, text: n.text })),
    );
    return { id: resource.id, book: book.name, chapter, entries, attribution: resource.attribution };
  },
);

const getCommentaryVerse = operation(
  {
    path: '/v1/data/commentaries/{id}/{book}/{chapter}/{verse}',
    operationId: 'getCommentaryVerse',
    summary: 'A commentary on a verse',
    description:
      'The note covering the verse; a note written on a run of verses is returned for each verse of the run.',
    tags: ['commentaries'],
    request: {
      params: {
        id: PathParams.id,
        book: PathParams.book,
        chapter: PathParams.chapter,
        verse: PathParams.verse,
      },
    },
    data: (s) => s.CommentaryVerse,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { id, book: bookText, chapter, verse } = input.params;
    const resource = readable(deps.store, principal, 'commentary', id);
    const book = bookChapter(bookText, chapter, verse);
    const note = deps.store.noteAt(resource.id, book.number, chapter, verse);
    if (!note) throw notFound(`${resource.id} has no note on ${book.name} ${chapter}:${verse}`);
    return {
      id: resource.id,
      book: book.name,
      chapter,
      verse,
      text: note.text,
      attribution: resource.attribution,
    };
  },
);

export const commentaryOperations = [getCommentaryChapter, getCommentaryVerse];
