/**
 * The one error vocabulary. Every error code of the contract, with its HTTP status, what it
 * means, and the CLI's exit code for it. The service's statuses, the OpenAPI descriptions of each
 * status, the client's error class, the CLI's exit codes and its help text are all derived from
 * this table; nothing else lists the codes.
 */

/** The CLI's exit codes (README "Exit codes" and `bible --help`). */
export const EXIT = {
  OK: 0,
  FAILURE: 1,
  USAGE: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  LIMIT: 5,
  INTERRUPTED: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What an exit code means beyond the error codes it carries (those are listed after it in help). */
const EXIT_MEANINGS: Record<ExitCode, string> = {
  0: 'success',
  1: 'a failure of the server, the network or the machine (a file, the library, the output)',
  2: 'usage error',
  3: '',
  4: '',
  5: '',
  130: 'interrupted (Ctrl-C)',
};

interface ErrorSpec {
  status: 400 | 401 | 403 | 404 | 409 | 429 | 500;
  exit: ExitCode;
  meaning: string;
  /** Only `POST /v1/chat` answers it. */
  chatOnly?: true;
}

export const ERROR_TABLE = {
  MISSING_API_KEY: { status: 401, exit: EXIT.AUTH, meaning: 'no key in X-API-Key or Authorization: Bearer' },
  INVALID_API_KEY: { status: 401, exit: EXIT.AUTH, meaning: 'the key is unknown or revoked' },
  SCOPE_DENIED: {
    status: 403,
    exit: EXIT.AUTH,
    meaning: 'the resource exists but is not shareable with this key',
  },
  NOT_FOUND: { status: 404, exit: EXIT.NOT_FOUND, meaning: 'no such resource, book, chapter, verse or entry' },
  INVALID_REQUEST: {
    status: 400,
    exit: EXIT.USAGE,
    meaning: 'a malformed reference, a missing or invalid parameter or body, or a limit exceeded',
  },
  INVALID_PERSONA: {
    status: 400,
    exit: EXIT.USAGE,
    meaning: 'a persona other than default, biblical_scholar or simple_helper',
    chatOnly: true,
  },
  DAILY_LIMIT_EXCEEDED: {
    status: 429,
    exit: EXIT.LIMIT,
    meaning: 'the daily quota is used up; it resets at midnight UTC',
  },
  MONTHLY_LIMIT_EXCEEDED: {
    status: 429,
    exit: EXIT.LIMIT,
    meaning: 'the monthly message limit is used up; it resets on the 1st (UTC)',
    chatOnly: true,
  },
  // An extension: only a chat request that sends an Idempotency-Key can meet it.
  REQUEST_IN_PROGRESS: {
    status: 409,
    exit: EXIT.FAILURE,
    meaning: 'a request with the same Idempotency-Key is still being answered; retry after Retry-After',
    chatOnly: true,
  },
  INTERNAL_ERROR: { status: 500, exit: EXIT.FAILURE, meaning: 'the service failed; the request is safe to retry' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/**
 * The codes the CLI puts in a `--json` error envelope for failures that never reached a service
 * (no HTTP status): the same vocabulary, one table, beside the contract's. A usage error the CLI
 * catches itself is the contract's INVALID_REQUEST, as the service would have answered it.
 */
export const CLIENT_ERROR_TABLE = {
  CONNECTION_FAILED: { exit: EXIT.FAILURE, meaning: 'the service could not be reached' },
  CANCELLED: { exit: EXIT.INTERRUPTED, meaning: 'interrupted before the answer came' },
  FAILED: { exit: EXIT.FAILURE, meaning: 'a local failure (a file, the library, the terminal)' },
} as const satisfies Record<string, { exit: ExitCode; meaning: string }>;
export type ClientErrorCode = keyof typeof CLIENT_ERROR_TABLE;
export type ErrorStatus = (typeof ERROR_TABLE)[ErrorCode]['status'];

/** Every code, in the table's order (the order of the OpenAPI enum). */
export const ERROR_CODES = Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_TABLE, code);
}

/** The exit code for an error answer: its code's, else by status (a server failure, or a bad request). */
export function exitCodeOf(code: string, status: number): ExitCode {
  if (isErrorCode(code)) return ERROR_TABLE[code].exit;
  return status >= 500 ? EXIT.FAILURE : EXIT.USAGE;
}

/** "A, B or C". */
function either(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The OpenAPI description of an error status: each code it carries and what it means. */
export function statusDescription(status: ErrorStatus, on: 'data' | 'chat'): string {
  return ERROR_CODES.map((code) => [code, ERROR_TABLE[code] as ErrorSpec] as const)
    .filter(([, spec]) => spec.status === status && (on === 'chat' || !spec.chatOnly))
    .map(([code, spec]) => `${code}: ${spec.meaning}`)
    .join('; ');
}

/** The exit codes as `bible --help` prints them, each with the error codes it stands for. */
export function exitCodesHelp(): string {
  const lines = Object.entries(EXIT_MEANINGS).map(([exit, meaning]) => {
    const codes = ERROR_CODES.filter((code) => String(ERROR_TABLE[code].exit) === exit);
    const text = meaning && codes.length ? `${meaning}, ${either(codes)}` : meaning || either(codes);
    return `  ${exit.padEnd(5)}${text}`;
  });
  return `Exit codes:\n${lines.join('\n')}`;
}
