import { fstatSync, writeSync } from 'node:fs';
import type { Output, Streams } from './replay.js';

// The launcher's side of a replay (src/cli/replay.ts): telling a terminal, keeping what a run
// prints, and printing it again, all without making process.stdout and process.stderr where it can.

/**
 * This process's stdout and stderr, each taken for a terminal when it is any character device
 * (/dev/null too: no replay there, which costs nothing). From fstat, not process.stdout.isTTY:
 * making the stream object is a good part of a replay's time.
 */
export function ownStreams(): Streams {
  return { stdout: { isTTY: characterDevice(1) }, stderr: { isTTY: characterDevice(2) } };
}

/** Whether the descriptor is a character device (a terminal, /dev/null), or cannot be told. */
export function characterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return true;
  }
}

/** What the process writes to stdout and stderr from now until stop(), byte for byte. */
export function captureOutput(): { stop: () => Omit<Output, 'code'> } {
  const streams = [process.stdout, process.stderr] as const;
  const chunks: Buffer[][] = [[], []];
  const writes = streams.map((stream) => stream.write);
  streams.forEach((stream, i) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8';
      chunks[i]?.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk));
      return (writes[i] as typeof stream.write).call(stream, chunk as never, ...(rest as [never]));
    }) as typeof stream.write;
  });
  return {
    stop: () => {
      streams.forEach((stream, i) => {
        stream.write = writes[i] as typeof stream.write;
      });
      const [stdout = [], stderr = []] = chunks;
      return { stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr) };
    },
  };
}

let failed: Error | undefined;

/**
 * The first failure to write to stdout other than a reader gone (EPIPE), if any: writeOut's, or
 * one process.stdout reported (noteWriteFailure).
 */
export function writeFailure(): Error | undefined {
  return failed;
}

/** Keeps a failure to write to stdout for the end of the run (the first one only). */
export function noteWriteFailure(err: Error): void {
  failed ??= err;
}

/**
 * Writes a replayed stream's bytes to its file descriptor (1 or 2) directly: making process.stdout
 * (its stream and pipe machinery) would cost a replay more than the rest of it. Should the
 * descriptor be non-blocking and full, the rest goes through the stream; a reader that has gone
 * from stdout (`| head`) ends the run quietly, as the launcher does for the CLI; from stderr it
 * takes the rest of the message only. False when the rest went
 * through the stream: what follows must go there too, after it.
 */
export function writeOut(fd: 1 | 2, bytes: Buffer): boolean {
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // stdout's reader gone (`| head`): the run's output is over. stderr's: the rest of its
      // message is lost, and the run keeps its exit code (a failed lookup still exits 4, as
      // through Node's stream, whose EPIPE came after the lookup had exited).
      if (code === 'EPIPE' && fd === 1) process.exit(0);
      if (code === 'EPIPE') return true;
      if (code !== 'EAGAIN') {
        // A full disk, /dev/full: the rest is lost; the launcher says so at the end and exits 1.
        if (fd === 1) noteWriteFailure(err as Error);
        return true;
      }
      (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(at));
      return false;
    }
  }
  return true;
}
