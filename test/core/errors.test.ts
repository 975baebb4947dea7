import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/exit-mapping.js';
import {
  AuthenticationError,
  BadRequestError,
  BibleApiError,
  BibleError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UserAbortError,
} from '../../src/client/errors.js';
import { ERROR_CODES, ERROR_TABLE, EXIT, exitCodesHelp, statusDescription } from '../../src/core/errors.js';
import { ErrorCode } from '../../src/core/schemas/envelope.js';
import { ApiError } from '../../src/service/errors.js';

const CLASS_OF_STATUS = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
  500: InternalServerError,
};

describe('the one error table', () => {
  it('names the contract codes, in the order of the OpenAPI enum', () => {
    expect(ERROR_CODES).toEqual([
      'MISSING_API_KEY',
      'INVALID_API_KEY',
      'SCOPE_DENIED',
      'NOT_FOUND',
      'INVALID_REQUEST',
      'INVALID_PERSONA',
      'DAILY_LIMIT_EXCEEDED',
      'MONTHLY_LIMIT_EXCEEDED',
      'REQUEST_IN_PROGRESS',
      'INTERNAL_ERROR',
    ]);
    expect(ErrorCode.options).toEqual(ERROR_CODES);
  });

  it('gives each code the same status in the service, the same class in the client, the same exit in the CLI', () => {
    for (const code of ERROR_CODES) {
      const { status, exit } = ERROR_TABLE[code];
      expect(new ApiError(code, 'x').status, code).toBe(status);
      const err = errorFromResponse(status, { success: false, error: { code, message: 'm' } });
      expect(err, code).toBeInstanceOf(CLASS_OF_STATUS[status]);
      expect(err).toBeInstanceOf(BibleError);
      expect(err).toMatchObject({ status, code, message: 'm' });
      expect(describeFailure(err).exitCode, code).toBe(exit);
    }
  });

  it('chooses the client class by status when the body is not an envelope', () => {
    expect(errorFromResponse(502, 'bad gateway')).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(errorFromResponse(502, undefined)).toBeInstanceOf(InternalServerError);
    const teapot = errorFromResponse(418, undefined);
    expect(teapot.constructor).toBe(BibleApiError);
    expect(teapot.code).toBe('HTTP_418');
    expect(describeFailure(teapot).exitCode).toBe(EXIT.USAGE);
  });

  it('roots connection failures, timeouts and cancels in the same class', () => {
    expect(new TimeoutError('t')).toBeInstanceOf(ConnectionError);
    for (const err of [new ConnectionError('c'), new TimeoutError('t'), new UserAbortError()]) {
      expect(err).toBeInstanceOf(BibleError);
    }
    expect(describeFailure(new TimeoutError('t')).exitCode).toBe(EXIT.FAILURE);
    expect(describeFailure(new UserAbortError()).exitCode).toBe(EXIT.INTERRUPTED);
  });

  it('describes each status by its codes; the data interface leaves out the chat-only ones', () => {
    expect(statusDescription(429, 'data')).toBe(
      'DAILY_LIMIT_EXCEEDED: the daily quota is used up; it resets at midnight UTC',
    );
    expect(statusDescription(429, 'chat')).toContain('MONTHLY_LIMIT_EXCEEDED');
    expect(statusDescription(400, 'chat')).toMatch(/^INVALID_REQUEST: .*; INVALID_PERSONA: /);
  });

  it('prints the exit codes in help as the README documents them', () => {
    const help = exitCodesHelp();
    for (const code of ERROR_CODES) expect(help.split(code).length - 1, code).toBe(1);
    const readme = readFileSync('README.md', 'utf8');
    const rows = [...readme.matchAll(/^\| (\d+) +\| (.+?) +\|$/gm)].map((m) => `  ${m[1]?.padEnd(5)}${m[2]}`);
    expect(help).toBe(['Exit codes:', ...rows].join('\n'));
  });
});
