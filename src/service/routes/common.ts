import type { z } from 'zod';
import type { Book } from '../../core/canon/canon.js';
import { type ErrorStatus, statusDescription } from '../../core/errors.js';
import { checkChapter, checkVerse, type Numbering, resolveBook } from '../../core/reference/reference.js';
import type { ErrorEnvelope } from '../../core/schemas/envelope.js';
import { fromReferenceError } from '../errors.js';
import { responseSchemas } from './response-schemas.js';

/** The statuses the contract allows per endpoint group. */
export const STATUSES = {
  listing: [401, 429, 500],
  slug: [401, 403, 404, 429, 500],
  search: [400, 401, 403, 429, 500],
  lookup: [400, 401, 403, 404, 429, 500],
} as const satisfies Record<string, readonly ErrorStatus[]>;

type Json<S extends z.ZodType> = { 'application/json': { schema: S } };

/** The error envelope under each status a route may answer, literally. */
export type ErrorResponses<S extends ErrorStatus> = {
  [K in S]: { description: string; content: Json<typeof ErrorEnvelope> };
};

/** The responses of a data route, literally: what a handler's 200 must carry, and each error status. */
export type DataResponses<D extends z.ZodType, S extends ErrorStatus> = {
  200: { description: string; content: Json<z.ZodObject<{ success: z.ZodLiteral<true>; data: D }>> };
} & ErrorResponses<S>;

/** The error responses of a route, each status described by the codes it carries on that interface. */
export function errorResponses<S extends ErrorStatus>(statuses: readonly S[], on: 'data' | 'chat'): ErrorResponses<S> {
  const { ErrorEnvelope } = responseSchemas();
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: statusDescription(status, on), content: { 'application/json': { schema: ErrorEnvelope } } },
    ]),
  ) as ErrorResponses<S>;
}

/** Marks a route that the contract does not name; listed under this tag in /openapi.json. */
export const EXTENSIONS_TAG = 'extensions';

/** The book and chapter of a path, or 404 naming what does not exist. */
export function bookChapter(bookText: string, chapter: number, verse?: number, numbering?: Numbering): Book {
  try {
    const book = resolveBook(bookText);
    if (verse === undefined) checkChapter(book, chapter, numbering);
    else checkVerse(book, chapter, verse, numbering);
    return book;
  } catch (err) {
    throw fromReferenceError(err);
  }
}
