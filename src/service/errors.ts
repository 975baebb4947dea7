import { InvalidReferenceError } from '../core/reference/reference.js';
import type { ErrorCode } from '../core/schemas/envelope.js';

export const STATUS_OF: Record<ErrorCode, 400 | 401 | 403 | 404 | 429 | 500> = {
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  SCOPE_DENIED: 403,
  NOT_FOUND: 404,
  INVALID_REQUEST: 400,
  INVALID_PERSONA: 400,
  DAILY_LIMIT_EXCEEDED: 429,
  MONTHLY_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
};

/** A failure the service answers with the contract's error envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
  get status(): 400 | 401 | 403 | 404 | 429 | 500 {
    return STATUS_OF[this.code];
  }
}

export const notFound = (message: string) => new ApiError('NOT_FOUND', message);
export const invalid = (message: string) => new ApiError('INVALID_REQUEST', message);

export function errorBody(code: ErrorCode, message: string) {
  return { success: false as const, error: { code, message } };
}

/** A reference error as the service answers it: unknown book, chapter or verse is 404, the rest 400. */
export function fromReferenceError(err: unknown): unknown {
  if (err instanceof InvalidReferenceError) {
    return err.kind === 'not-found' ? notFound(err.message) : invalid(err.message);
  }
  return err;
}
