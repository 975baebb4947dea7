import {
  GENBOOK_CHILDREN_MAX,
  GENBOOK_CONTENTS_LIMIT_DEFAULT,
  GENBOOK_CONTENTS_LIMIT_MAX,
  GENBOOK_DEPTH_MAX,
  GENBOOK_KEY_MAX,
  genbookKeyIssue,
} from '../../core/limits.js';
import { quoted } from '../../core/text/quoted.js';
import type { GenBookRow, LibraryStore, ResourceRow } from '../../library/store/library-store.js';
import { readable, readableOfKind } from '../access.js';
import { invalid, notFound } from '../errors.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { optionalText, PathParams, param } from './params.js';

const TAGS = ['genbooks'];

const keyMeta = {
  description: `A section's tree key: names after each /, as libsword writes them ("/Part One/Chapter 1"); at most ${GENBOOK_KEY_MAX} characters`,
  example: '/Part One/Chapter 1',
};

/** A section key, read by its rule: a malformed one is the 400 of its parameter. */
function sectionKey(required: boolean) {
  const missing = "missing query parameter 'key'";
  return param(
    (value) => {
      if (value === undefined) return required ? { issue: missing } : { value };
      const issue = genbookKeyIssue(value);
      return issue ? { issue: `query parameter 'key' ${issue}` } : { value };
    },
    (z) => {
      const key = z.string({ error: missing }).max(GENBOOK_KEY_MAX).meta(keyMeta);
      return required ? key : key.optional();
    },
  );
}

/** An integer query parameter from `min` to `max`, or its one clear 400. */
function bounded(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,7}$/.test(text) || Number(text) < min || Number(text) > max)
    throw invalid(`query parameter '${name}' must be an integer from ${min} to ${max}`);
  return Number(text);
}

const link = (row: GenBookRow | undefined) => (row ? { key: row.key, name: row.name } : null);
const entry = (row: GenBookRow) => ({
  key: row.key,
  name: row.name,
  depth: row.depth,
  children: row.children,
  chars: row.chars,
});

/** The section a key names, or 404 saying the book has none. */
function sectionOf(store: LibraryStore, book: ResourceRow, key: string): GenBookRow {
  const row = store.genbookSection(book.id, key);
  if (!row) throw notFound(`${book.id} has no section ${quoted(key)}`);
  return row;
}

const listGenBooks = operation(
  {
    path: '/v1/data/genbooks',
    operationId: 'listGenBooks',
    summary: 'The general books',
    description:
      "The general books the key can read (SWORD's RawGenBook: Josephus, the Church Fathers, Pilgrim's Progress…), each with its sections counted.",
    tags: TAGS,
    extension: true,
    data: (s) => s.GenBookList,
    statuses: STATUSES.slug,
  },
  (deps, principal) => ({
    genbooks: readableOfKind(deps.store, principal, 'genbook').map((r) => ({
      id: r.id,
      name: r.name,
      sections: r.count,
      attribution: r.attribution,
    })),
  }),
);

const getGenBookContents = operation(
  {
    path: '/v1/data/genbooks/{id}',
    operationId: 'getGenBookContents',
    summary: "A general book's contents",
    description: `The sections of the book, or of the section \`key\` names, in the book's order: at most \`depth\` levels below it (1-${GENBOOK_DEPTH_MAX}, default all), a page of \`limit\` (1-${GENBOOK_CONTENTS_LIMIT_MAX}, default ${GENBOOK_CONTENTS_LIMIT_DEFAULT}) after \`offset\`.`,
    tags: TAGS,
    extension: true,
    request: {
      params: { id: PathParams.id },
      query: {
        key: sectionKey(false),
        depth: optionalText({ type: 'integer', minimum: 1, maximum: GENBOOK_DEPTH_MAX }),
        limit: optionalText({
          type: 'integer',
          minimum: 1,
          maximum: GENBOOK_CONTENTS_LIMIT_MAX,
          default: GENBOOK_CONTENTS_LIMIT_DEFAULT,
        }),
        offset: optionalText({ type: 'integer', minimum: 0, default: 0 }),
      },
    },
    data: (s) => s.GenBookContents,
    statuses: STATUSES.lookup,
  },
  (deps, principal, { params, query }) => {
    const depth = bounded('depth', query.depth, GENBOOK_DEPTH_MAX, 1, GENBOOK_DEPTH_MAX);
    const limit = bounded('limit', query.limit, GENBOOK_CONTENTS_LIMIT_DEFAULT, 1, GENBOOK_CONTENTS_LIMIT_MAX);
    const offset = bounded('offset', query.offset, 0, 0, 1_000_000);
    const book = readable(deps.store, principal, 'genbook', params.id);
    const under = query.key === undefined ? undefined : sectionOf(deps.store, book, query.key);
    const { sections, total } = deps.store.genbookContents(book.id, under, depth, offset, limit);
    return {
      id: book.id,
      name: book.name,
      key: under?.key ?? '/',
      sections: sections.map(entry),
      total,
      offset,
      attribution: book.attribution,
    };
  },
);

const getGenBookSection = operation(
  {
    path: '/v1/data/genbooks/{id}/section',
    operationId: 'getGenBookSection',
    summary: 'One section of a general book',
    description: `The section's own text, its place in the tree (path, parent, its first ${GENBOOK_CHILDREN_MAX} children) and the sections before and after it in the book's order. A key differing only in case finds the section.`,
    tags: TAGS,
    extension: true,
    request: { params: { id: PathParams.id }, query: { key: sectionKey(true) } },
    data: (s) => s.GenBookSection,
    statuses: STATUSES.lookup,
  },
  (deps, principal, { params, query }) => {
    const book = readable(deps.store, principal, 'genbook', params.id);
    const row = sectionOf(deps.store, book, query.key as string);
    const at = (idx: number | null) => (idx === null ? undefined : deps.store.genbookSectionAt(book.id, idx));
    const parent = at(row.parent);
    return {
      id: book.id,
      key: row.key,
      name: row.name,
      path: row.key.slice(1).split('/'),
      text: deps.store.genbookText(book.id, row.idx),
      parent: link(parent),
      children: deps.store.genbookChildren(book.id, row.idx, GENBOOK_CHILDREN_MAX).map((c) => ({
        key: c.key,
        name: c.name,
      })),
      childCount: row.children,
      previous: link(at(row.idx - 1)),
      next: link(at(row.idx + 1)),
      attribution: book.attribution,
    };
  },
);

export const genbookOperations = [listGenBooks, getGenBookContents, getGenBookSection];
