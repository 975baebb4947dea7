/** The documented exit codes (README and `bible --help`). */
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

export const EXIT_CODES_HELP = `Exit codes:
  0    success
  1    server or network failure
  2    usage error, INVALID_REQUEST or INVALID_PERSONA
  3    MISSING_API_KEY, INVALID_API_KEY or SCOPE_DENIED
  4    NOT_FOUND
  5    DAILY_LIMIT_EXCEEDED or MONTHLY_LIMIT_EXCEEDED
  130  interrupted`;
