import { once } from 'node:events';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { DOWNLOAD_IDLE_TIMEOUT_MS, megabytes } from './bounds.js';
import { InstallError } from './install-error.js';
import { type Location, locate } from './repository.js';

function tooLarge(what: string, where: string, bound: number): InstallError {
  return new InstallError(`${what} at ${where} is larger than ${megabytes(bound)}: refused`, 'refused');
}

/** Why a request failed, in words: the system's code (ECONNREFUSED, ENOTFOUND) when there is one. */
function reason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/**
 * GETs a URL and hands its body to `sink` chunk by chunk: refused when the server declares or
 * sends more than `bound` bytes, given up when no byte comes for DOWNLOAD_IDLE_TIMEOUT_MS (a
 * slow but live download of a large module goes on), and "truncated" when the connection ends
 * before the length the server declared.
 */
async function httpGet(url: URL, bound: number, what: string, sink: (chunk: Uint8Array) => Promise<void> | void) {
  const controller = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => controller.abort(), DOWNLOAD_IDLE_TIMEOUT_MS);
  };
  arm();
  try {
    let response: Response;
    try {
      response = await fetch(url, { signal: controller.signal, redirect: 'follow' });
    } catch (err) {
      throw new InstallError(
        controller.signal.aborted
          ? `${url.href} did not answer within ${DOWNLOAD_IDLE_TIMEOUT_MS / 1000} s`
          : `could not reach ${url.href}: ${reason(err)}`,
      );
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new InstallError(
        `${what} at ${url.href}: HTTP ${response.status}`,
        response.status === 404 ? 'not-found' : 'failure',
      );
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > bound) {
      await response.body.cancel();
      throw tooLarge(what, url.href, bound);
    }
    let received = 0;
    try {
      for await (const chunk of response.body) {
        arm();
        received += chunk.byteLength;
        if (received > bound) throw tooLarge(what, url.href, bound);
        await sink(chunk);
      }
    } catch (err) {
      if (err instanceof InstallError) throw err;
      throw new InstallError(
        controller.signal.aborted
          ? `${what} at ${url.href} stalled: no data for ${DOWNLOAD_IDLE_TIMEOUT_MS / 1000} s`
          : `${what} at ${url.href} was cut short after ${received} bytes (${reason(err)})`,
      );
    }
    if (Number.isFinite(declared) && received !== declared)
      throw new InstallError(`${what} at ${url.href} was cut short: ${received} of ${declared} bytes`);
  } finally {
    clearTimeout(idle);
  }
}

/** A local file of a repository, no larger than `bound`: its path. */
function localFile(dir: string, file: string, bound: number, what: string): string {
  const path = locate({ dir }, file);
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    throw new InstallError(`${what}: there is no ${path}`, 'not-found');
  }
  if (size > bound) throw tooLarge(what, path, bound);
  return path;
}

/** A file of a repository read whole into memory (the catalog), at most `bound` bytes. */
export async function readWhole(location: Location, file: string, bound: number, what: string): Promise<Buffer> {
  if ('dir' in location) return readFileSync(localFile(location.dir, file, bound, what));
  const chunks: Uint8Array[] = [];
  await httpGet(new URL(encodeURIComponent(file), location.url), bound, what, (c) => void chunks.push(c));
  return Buffer.concat(chunks);
}

/**
 * A file of a repository as a local path (a package), at most `bound` bytes: a local
 * repository's own file, or a download written to `scratch`.
 */
export async function localCopy(
  location: Location,
  file: string,
  bound: number,
  what: string,
  scratch: string,
): Promise<string> {
  if ('dir' in location) return localFile(location.dir, file, bound, what);
  const out = createWriteStream(scratch, { mode: 0o600 });
  const written = finished(out);
  try {
    await httpGet(new URL(encodeURIComponent(file), location.url), bound, what, async (chunk) => {
      if (!out.write(chunk)) await once(out, 'drain');
    });
  } catch (err) {
    out.destroy();
    await written.catch(() => {});
    throw err;
  }
  out.end();
  await written;
  return scratch;
}
