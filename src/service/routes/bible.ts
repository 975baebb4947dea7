import {
  checkPassageLimits,
  MAX_CHAPTERS_PER_REFERENCE,
  MAX_REFERENCES,
  parseReferenceList,
} from '../../core/reference/reference.js';
import { readable } from '../access.js';
import { fromReferenceError, notFound } from '../errors.js';
import { bookChapter, STATUSES } from './common.js';
import { operation } from './operation.js';
import { PathParams, requiredQuery } from './params.js';
import { IncludeQuery, studyFields } from './study-include.js';

const getPassage = operation(
  {
    path: '/v1/data/bible/{translation}/passage',
    operationId: 'getPassage',
    summary: 'Passages by reference',
    description: `References in the forms Book c, Book c:v, Book c:v-v, Book c:v-c:v, Book c-c, separated by ";". At most ${MAX_REFERENCES} references, each spanning at most ${MAX_CHAPTERS_PER_REFERENCE} chapters (else 400). An unknown book, chapter or verse is 404.`,
    tags: ['bible'],
    request: {
      params: { translation: PathParams.translation },
      query: { ref: requiredQuery('ref', 1, 'Semicolon-separated references'), include: IncludeQuery },
    },
    data: (s) => s.PassageResult,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { translation } = input.params;
    const { ref, include } = input.query;
    const resource = readable(deps.store, principal, 'bible', translation);
    let refs: ReturnType<typeof parseReferenceList>;
    try {
      refs = parseReferenceList(ref);
      checkPassageLimits(refs);
    } catch (err) {
      throw fromReferenceError(err);
    }
    const passages = refs.map(({ text, ref: r }) => {
      const rows = deps.store.verses(
        resource.id,
        r.book.number,
        r.start.chapter,
        r.start.verse,
        r.end.chapter,
        r.end.verse,
      );
      const extra = studyFields(deps.store, include, resource.id, rows);
      return {
        ref: text,
        verses: rows.map((v) => ({
          book: r.book.name,
          chapter: v.chapter,
          v: v.verse,
          text: v.text,
          ...(v.title ? { title: v.title } : {}),
          ...extra.get(`${v.chapter}:${v.verse}`),
        })),
      };
    });
    return { translation: resource.id, passages, attribution: resource.attribution };
  },
);

const getChapter = operation(
  {
    path: '/v1/data/bible/{translation}/{book}/{chapter}',
    operationId: 'getChapter',
    summary: 'A whole chapter',
    tags: ['bible'],
    request: {
      params: { translation: PathParams.translation, book: PathParams.book, chapter: PathParams.chapter },
      query: { include: IncludeQuery },
    },
    data: (s) => s.Chapter,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { translation, book: bookText, chapter } = input.params;
    const resource = readable(deps.store, principal, 'bible', translation);
    const book = bookChapter(bookText, chapter);
    const rows = deps.store.chapter(resource.id, book.number, chapter);
    const extra = studyFields(deps.store, input.query.include, resource.id, rows);
    const verses = rows.map((v) => ({
      v: v.verse,
      text: v.text,
      ...(v.title ? { title: v.title } : {}),
      ...extra.get(`${v.chapter}:${v.verse}`),
    }));
    if (!verses.length) throw notFound(`${resource.id} has no text for ${book.name} ${chapter}`);
    return {
      translation: resource.id,
      book: { number: book.number, name: book.name },
      chapter,
      verses,
      attribution: resource.attribution,
    };
  },
);

export const bibleOperations = [getPassage, getChapter];
