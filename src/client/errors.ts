import type { ErrorCode } from '../core/schemas/envelope.js';

/** A failure the service answered with its error envelope. One class per code, as SDKs do. */
export class BibleApiError extends Error {
  override name = 'BibleApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    /** The envelope as the service sent it (printed on stderr under --json). */
    readonly envelope: unknown,
  ) {
    super(message);
  }
}
export class MissingApiKeyError extends BibleApiError {
  override name = 'MissingApiKeyError';
}
export class InvalidApiKeyError extends BibleApiError {
  override name = 'InvalidApiKeyError';
}
export class ScopeDeniedError extends BibleApiError {
  override name = 'ScopeDeniedError';
}
export class NotFoundError extends BibleApiError {
  override name = 'NotFoundError';
}
export class InvalidRequestError extends BibleApiError {
  override name = 'InvalidRequestError';
}
export class InvalidPersonaError extends BibleApiError {
  override name = 'InvalidPersonaError';
}
export class DailyLimitError extends BibleApiError {
  override name = 'DailyLimitError';
}
export class MonthlyLimitError extends BibleApiError {
  override name = 'MonthlyLimitError';
}
export class InternalServerError extends BibleApiError {
  override name = 'InternalServerError';
}

const BY_CODE: Record<string, typeof BibleApiError> = {
  MISSING_API_KEY: MissingApiKeyError,
  INVALID_API_KEY: InvalidApiKeyError,
  SCOPE_DENIED: ScopeDeniedError,
  NOT_FOUND: NotFoundError,
  INVALID_REQUEST: InvalidRequestError,
  INVALID_PERSONA: InvalidPersonaError,
  DAILY_LIMIT_EXCEEDED: DailyLimitError,
  MONTHLY_LIMIT_EXCEEDED: MonthlyLimitError,
  INTERNAL_ERROR: InternalServerError,
};

/** The error for an answer that is not a success: by its code, else by its status. */
export function errorFromResponse(status: number, body: unknown): BibleApiError {
  const env = body as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code =
    typeof env?.error?.code === 'string' ? env.error.code : status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`;
  const message = typeof env?.error?.message === 'string' ? env.error.message : `the service answered HTTP ${status}`;
  const Cls = BY_CODE[code] ?? (status >= 500 ? InternalServerError : BibleApiError);
  return new Cls(status, code, message, body ?? { success: false, error: { code, message } });
}

/** The service could not be reached, or did not answer in time. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
}
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}
