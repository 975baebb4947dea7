import { BibleApiError, ConnectionError, UserAbortError } from '../client/errors.js';
import { type ClientErrorCode, type ErrorCode, exitCodeOf } from '../core/errors.js';
import { InvalidReferenceError } from '../core/reference/reference.js';
import { WorkspaceError } from '../workspace/errors.js';
import { CliError } from './errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { InputTooLargeError } from './io.js';

export interface Failure {
  exitCode: ExitCode;
  /** One line for stderr. */
  message: string;
  /** The error envelope for --json. */
  envelope: { success: false; error: { code: string; message: string } };
}

/** What the CLI says and returns for an error: one line, a documented exit code, an envelope. */
export function describeFailure(err: unknown): Failure {
  const envelope = (code: ErrorCode | ClientErrorCode, message: string) => ({
    success: false as const,
    error: { code, message },
  });
  if (err instanceof BibleApiError) {
    const exitCode = exitCodeOf(err.code, err.status);
    const hint =
      err.code === 'MISSING_API_KEY'
        ? ' (run `bible login`, or set BIBLE_API_KEY)'
        : err.code === 'INVALID_API_KEY'
          ? ' (check the key: `bible login` to replace it)'
          : '';
    return {
      exitCode,
      message: `${err.message}${hint} [${err.code}]`,
      envelope: { success: false, error: { code: err.code, message: err.message } },
    };
  }
  if (err instanceof InvalidReferenceError) {
    const code = err.kind === 'not-found' ? 'NOT_FOUND' : 'INVALID_REQUEST';
    return {
      exitCode: err.kind === 'not-found' ? EXIT.NOT_FOUND : EXIT.USAGE,
      message: err.message,
      envelope: envelope(code, err.message),
    };
  }
  if (err instanceof WorkspaceError) {
    const notFound = err.kind === 'not-found';
    return {
      exitCode: notFound ? EXIT.NOT_FOUND : EXIT.USAGE,
      message: err.message,
      envelope: envelope(notFound ? 'NOT_FOUND' : 'INVALID_REQUEST', err.message),
    };
  }
  if (err instanceof InputTooLargeError) {
    return { exitCode: EXIT.USAGE, message: err.message, envelope: envelope('INVALID_REQUEST', err.message) };
  }
  if (err instanceof UserAbortError) {
    return { exitCode: EXIT.INTERRUPTED, message: err.message, envelope: envelope('CANCELLED', err.message) };
  }
  if (err instanceof ConnectionError) {
    return { exitCode: EXIT.FAILURE, message: err.message, envelope: envelope('CONNECTION_FAILED', err.message) };
  }
  if (err instanceof CliError) {
    const code =
      err.exitCode === EXIT.USAGE ? 'INVALID_REQUEST' : err.exitCode === EXIT.NOT_FOUND ? 'NOT_FOUND' : 'FAILED';
    return {
      exitCode: err.exitCode,
      message: err.message,
      envelope: (err.json as Failure['envelope']) ?? envelope(code, err.message),
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { exitCode: EXIT.FAILURE, message, envelope: envelope('FAILED', message) };
}
