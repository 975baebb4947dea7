import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Book } from '../../core/canon/canon.js';
import { checkChapter, checkVerse, resolveBook } from '../../core/reference/reference.js';
import { ErrorEnvelope } from '../../core/schemas/envelope.js';
import type { AppEnv } from '../context.js';
import { fromReferenceError } from '../errors.js';

export type ErrorStatus = 400 | 401 | 403 | 404 | 429 | 500;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'INVALID_REQUEST: a malformed reference, a missing or invalid query, or a limit exceeded',
  401: 'MISSING_API_KEY or INVALID_API_KEY',
  403: 'SCOPE_DENIED: the resource exists but is not shareable with this key',
  404: 'NOT_FOUND',
  429: 'DAILY_LIMIT_EXCEEDED: resets at midnight UTC',
  500: 'INTERNAL_ERROR: safe to retry',
};

/** The statuses the contract allows per endpoint group. */
export const STATUSES = {
  listing: [401, 429, 500],
  slug: [401, 403, 404, 429, 500],
  search: [400, 401, 403, 429, 500],
  lookup: [400, 401, 403, 404, 429, 500],
} as const satisfies Record<string, readonly ErrorStatus[]>;

/** A GET data route: success envelope around `data`, the error envelope for each allowed status. */
export function dataRoute<R extends { params?: z.ZodObject; query?: z.ZodObject }, D extends z.ZodType>(spec: {
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  request?: R;
  data: D;
  statuses: readonly ErrorStatus[];
  middleware: MiddlewareHandler<AppEnv>[];
}) {
  const responses: Record<number, { description: string; content: { 'application/json': { schema: z.ZodType } } }> = {
    200: {
      description: 'Success. Carries Cache-Control: private, max-age=300.',
      content: { 'application/json': { schema: z.object({ success: z.literal(true), data: spec.data }) } },
    },
  };
  for (const status of spec.statuses) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: ErrorEnvelope } },
    };
  }
  return createRoute({
    method: 'get',
    path: spec.path,
    summary: spec.summary,
    description: spec.description ?? spec.summary,
    tags: spec.tags,
    middleware: spec.middleware,
    request: spec.request as R,
    responses,
  });
}

/** Path parameters shared by many routes, each with the rule the contract gives it. */
export const PathParams = {
  translation: z.string().min(1).openapi({ description: 'Translation id from the catalog (case-insensitive)' }),
  id: z.string().min(1).openapi({ description: 'Resource id from the catalog (case-insensitive)' }),
  book: z.string().min(1).openapi({ description: 'Book number 1-66, full English name, or a common abbreviation' }),
  chapter: z.coerce
    .number({ error: 'chapter must be an integer of at least 1' })
    .int('chapter must be an integer of at least 1')
    .min(1, 'chapter must be an integer of at least 1')
    .openapi({ type: 'integer', minimum: 1 }),
  verse: z.coerce
    .number({ error: 'verse must be an integer of at least 1' })
    .int('verse must be an integer of at least 1')
    .min(1, 'verse must be an integer of at least 1')
    .openapi({ type: 'integer', minimum: 1 }),
};

/** A required, non-blank query string of at least `min` characters. */
export function requiredQuery(name: string, min: number, description: string) {
  return z
    .string({ error: `missing query parameter '${name}'` })
    .trim()
    .min(
      min,
      min === 1 ? `missing query parameter '${name}'` : `query parameter '${name}' must be at least ${min} characters`,
    )
    .openapi({ description, minLength: min });
}

/** The book and chapter of a path, or 404 naming what does not exist. */
export function bookChapter(bookText: string, chapter: number, verse?: number): Book {
  try {
    const book = resolveBook(bookText);
    if (verse === undefined) checkChapter(book, chapter);
    else checkVerse(book, chapter, verse);
    return book;
  } catch (err) {
    throw fromReferenceError(err);
  }
}
