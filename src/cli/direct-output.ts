import { fstatSync, statSync } from 'node:fs';
import type { IO } from './io.js';
import { characterDevice, writeOut } from './process-output.js';

type Writable = IO['stdout'];

/**
 * fd 1 or 2 for the CLI to write to. On a terminal, the process's own stream. Elsewhere (a pipe, a
 * file) a stand-in that writes each chunk straight to the descriptor, as Node's stream would on
 * Linux, where writes to pipes and files are synchronous: making process.stdout and
 * process.stderr costs ~3 ms over pipes, a tenth of a lookup's start-up, and a lookup only writes
 * lines. Anything beyond write() (an 'error' or 'drain' listener, end, a property) makes the
 * process's stream and hands over to it; so does a full non-blocking pipe (writeOut), and every
 * write after that goes through the stream, behind what it holds.
 */
export function directOutput(fd: 1 | 2): Writable {
  const own = (): Writable => (fd === 1 ? process.stdout : process.stderr);
  // A terminal is a character device other than /dev/null: told from fstat, as node:tty alone
  // loads net and the stream modules (~2 ms).
  if (characterDevice(fd) && !devNull(fd)) return own();
  let stream: Writable | undefined;
  const write = (chunk: string | Uint8Array, encoding?: unknown, callback?: unknown): boolean => {
    const done = (typeof encoding === 'function' ? encoding : callback) as (() => void) | undefined;
    if (stream) return stream.write(chunk as string, encoding as BufferEncoding, done);
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!writeOut(fd, bytes)) stream = own();
    if (done) process.nextTick(done);
    return true;
  };
  return new Proxy({} as Writable, {
    get(_, key) {
      if (key === 'write') return write;
      if (key === 'isTTY') return false;
      stream ??= own();
      const value = Reflect.get(stream, key, stream) as unknown;
      return typeof value === 'function' ? value.bind(stream) : value;
    },
    set(_, key, value) {
      stream ??= own();
      return Reflect.set(stream, key, value);
    },
    has(_, key) {
      if (key === 'write' || key === 'isTTY') return true;
      stream ??= own();
      return Reflect.has(stream, key);
    },
  });
}

/** Whether the descriptor is /dev/null (output thrown away, as `> /dev/null` and benchmarks do). */
function devNull(fd: number): boolean {
  try {
    return fstatSync(fd).rdev === statSync('/dev/null').rdev;
  } catch {
    return false;
  }
}
