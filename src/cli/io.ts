import { directOutput } from './direct-output.js';

/** What a command reads and writes, injected so tests need no process tricks. */
export interface IO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** This process's own streams (not a test's): Ctrl-C is handled for it. */
  ownProcess?: boolean;
}

/**
 * This process's streams. `direct`: stdout and stderr written straight to their descriptors when
 * they are no terminal (src/cli/direct-output.ts); the launcher asks for it for a run that writes a
 * page and exits, unless it is keeping what the run prints (it taps process.stdout then).
 */
export function processIO(options: { direct?: boolean } = {}): IO {
  let stdout: IO['stdout'] | undefined;
  let stderr: IO['stderr'] | undefined;
  return {
    ownProcess: true,
    // Made on first use: a stream is ~1.5 ms of a lookup's start-up.
    get stdout() {
      stdout ??= options.direct ? directOutput(1) : process.stdout;
      return stdout;
    },
    get stderr() {
      stderr ??= options.direct ? directOutput(2) : process.stderr;
      return stderr;
    },
    // Node makes process.stdin on first use (a stream, and the fs stream modules: ~2 ms), which
    // a lookup never needs.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
  };
}

/** What a piped question, key or note may hold: far past any real one, well short of memory trouble. */
export const STDIN_MAX_BYTES = 1024 * 1024;

/** The stream held more than the caller takes; nothing past the limit was kept. */
export class InputTooLargeError extends Error {
  override name = 'InputTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`stdin holds more than ${maxBytes.toLocaleString('en-US')} bytes`);
  }
}

/**
 * Everything a stream holds, as UTF-8 text (a piped question, a key, a note, an import). Bytes are
 * joined before decoding, so a character split between two chunks survives, and reading stops
 * at `maxBytes` so `< /dev/zero` costs nothing.
 */
export async function readAll(stream: NodeJS.ReadableStream, maxBytes = STDIN_MAX_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > maxBytes) throw new InputTooLargeError(maxBytes);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
