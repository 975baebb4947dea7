import {
  checkPassageLimits,
  MAX_CHAPTERS_PER_REFERENCE,
  MAX_REFERENCES,
  parseReferenceList,
} from '../../core/reference/reference.js';
import type { VerseRow } from '../../library/store/library-store.js';
import { versificationName } from '../../library/sword/versification.js';
import { readable } from '../access.js';
import { fromReferenceError, notFound } from '../errors.js';
import { lacking, translationBooks } from './bible-holdings.js';
import { bookChapter, STATUSES } from './common.js';
import { operation } from './operation.js';
import { optionalText, PathParams, requiredQuery } from './params.js';
import { type AlignedRow, alignedRows, numberingOf, ownNumbering } from './passage-align.js';
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
      query: {
        ref: requiredQuery('ref', 1, 'Semicolon-separated references'),
        include: IncludeQuery,
        numbering: optionalText({
          description:
            "Extension: the references are numbered by this versification (libsword's name: KJV, Synodal, Vulg…) or this translation's; the verses answered are the translation's own that hold them (libsword's mapping), each with `at`, where it falls in that numbering",
        }),
      },
    },
    data: (s) => s.PassageResult,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { translation } = input.params;
    const { ref, include, numbering } = input.query;
    const resource = readable(deps.store, principal, 'bible', translation);
    const own = versificationName(deps.store.versificationOf(resource.id)) ?? 'KJV';
    const asked = numbering === undefined ? undefined : numberingOf(deps, numbering);
    let refs: ReturnType<typeof parseReferenceList>;
    try {
      // Read by the numbering the references are in: the one asked for, else the translation's own.
      refs = parseReferenceList(ref, asked?.numbering ?? ownNumbering(deps, resource.id));
      checkPassageLimits(refs);
    } catch (err) {
      throw fromReferenceError(err);
    }
    const passages = refs.map(({ text, ref: r }) => {
      const rows: Array<VerseRow & { at?: AlignedRow['at'] }> =
        asked && asked.name !== own
          ? alignedRows(deps, resource.id, own, asked.name, r)
          : deps.store.verses(resource.id, r.book.number, r.start.chapter, r.start.verse, r.end.chapter, r.end.verse);
      // Asked in another numbering (a parallel view), a book the translation lacks is its absent verses.
      if (!rows.length && !asked) lacking(deps, resource.id, r.book);
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
          ...(v.at ? { at: v.at } : asked ? { at: { chapter: v.chapter, v: v.verse } } : {}),
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
    const book = bookChapter(bookText, chapter, undefined, ownNumbering(deps, resource.id));
    const rows = deps.store.chapter(resource.id, book.number, chapter);
    const extra = studyFields(deps.store, input.query.include, resource.id, rows);
    const verses = rows.map((v) => ({
      v: v.verse,
      text: v.text,
      ...(v.title ? { title: v.title } : {}),
      ...extra.get(`${v.chapter}:${v.verse}`),
    }));
    if (!verses.length) {
      lacking(deps, resource.id, book);
      throw notFound(`${resource.id} has no text for ${book.name} ${chapter}`);
    }
    return {
      translation: resource.id,
      book: { number: book.number, name: book.name },
      chapter,
      verses,
      attribution: resource.attribution,
    };
  },
);

export const bibleOperations = [getPassage, getChapter, translationBooks];
