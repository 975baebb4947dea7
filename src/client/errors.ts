import type { ErrorCode } from '../core/errors.js';

/** The root of every error the client throws: the service's answer, the connection, a timeout, a cancel. */
export class BibleError extends Error {
  override name = 'BibleError';
}

/** A failure the service answered with its error envelope; the subclass is chosen by the HTTP status. */
export class BibleApiError extends BibleError {
  override name = 'BibleApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    /** The envelope as the service sent it (printed on stderr under --json). */
    readonly envelope: unknown,
    /** The answer's headers (Retry-After, for one). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
/** 400: INVALID_REQUEST, INVALID_PERSONA. */
export class BadRequestError extends BibleApiError {
  override name = 'BadRequestError';
}
/** 401: MISSING_API_KEY, INVALID_API_KEY. */
export class AuthenticationError extends BibleApiError {
  override name = 'AuthenticationError';
}
/** 403: SCOPE_DENIED. */
export class PermissionDeniedError extends BibleApiError {
  override name = 'PermissionDeniedError';
}
/** 404: NOT_FOUND, or an endpoint the service does not offer. */
export class NotFoundError extends BibleApiError {
  override name = 'NotFoundError';
}
/** 409: a request with the same Idempotency-Key is still being answered. */
export class ConflictError extends BibleApiError {
  override name = 'ConflictError';
}
/** 429: DAILY_LIMIT_EXCEEDED, MONTHLY_LIMIT_EXCEEDED. */
export class RateLimitError extends BibleApiError {
  override name = 'RateLimitError';
}
/** 500 and above: INTERNAL_ERROR, or a proxy's failure. */
export class InternalServerError extends BibleApiError {
  override name = 'InternalServerError';
}

const BY_STATUS: Record<number, typeof BibleApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

/** The error for an answer that is not a success: the code and message from its envelope, the class by its status. */
export function errorFromResponse(status: number, body: unknown, headers: Record<string, string> = {}): BibleApiError {
  const env = body as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code =
    typeof env?.error?.code === 'string' ? env.error.code : status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`;
  const message = typeof env?.error?.message === 'string' ? env.error.message : `the service answered HTTP ${status}`;
  const Cls = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : BibleApiError);
  return new Cls(status, code, message, body ?? { success: false, error: { code, message } }, headers);
}

/** The service could not be reached, or the connection failed before an answer. */
export class ConnectionError extends BibleError {
  override name = 'ConnectionError';
}
/** No answer in the time the request allowed. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}
/** The caller cancelled the request (Ctrl-C while waiting for an answer). */
export class UserAbortError extends BibleError {
  override name = 'UserAbortError';
  constructor(message = 'cancelled') {
    super(message);
  }
}
