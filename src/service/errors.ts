import { ERROR_TABLE, type ErrorCode, type ErrorStatus } from '../core/errors.js';
import { InvalidReferenceError } from '../core/reference/reference.js';

/** A failure the service answers with the contract's error envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
  get status(): ErrorStatus {
    return ERROR_TABLE[this.code].status;
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
