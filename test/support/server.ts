import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { TEST_LIBRARY } from './env.js';
import { runCliInProcess } from './run-cli.js';

/** A data dir of its own (keys, counters) that shares the one test library. */
export function serviceDataDir(library = TEST_LIBRARY): string {
  const dir = mkdtempSync(join(tmpdir(), 'bible-serve-'));
  symlinkSync(library, join(dir, 'library.sqlite'));
  return dir;
}

export interface Served {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Starts the built `bible serve --port 0` and resolves with its URL once it listens. */
export function serve(dataDir: string, extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const child = spawn(process.execPath, ['bin/bible.js', 'serve', '--port', '0', ...extraArgs], {
    env: { PATH: process.env.PATH, HOME: dataDir, BIBLE_DATA_DIR: dataDir, ...env },
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bible serve did not start: ${out}`)), 30_000);
    const check = () => {
      const m = out.match(/listening on (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve({
          url: m[1] as string,
          child,
          output: () => out,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', check);
    child.on('close', () => reject(new Error(`bible serve exited: ${out}`)));
  });
}

/** A `bible serve` with a data dir of its own, started before the suite's tests and stopped after them. */
export function servedSuite(): { dataDir: string; url: string } {
  const suite = { dataDir: '', url: '' };
  let served: Served | undefined;
  beforeAll(async () => {
    suite.dataDir = serviceDataDir();
    served = await serve(suite.dataDir);
    suite.url = served.url;
  }, 60_000);
  afterAll(() => served?.stop());
  return suite;
}

/** Creates a key with the CLI (`bible keys create --json`) and returns it. */
export async function createKey(dataDir: string, args: string[]): Promise<string> {
  const r = await runCliInProcess(['keys', 'create', '--json', ...args], { env: { BIBLE_DATA_DIR: dataDir } });
  if (r.code !== 0) throw new Error(`keys create failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { key: string }).key;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: { success: boolean; data?: unknown; error?: { code: string; message: string } };
}

export async function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  payload?: string,
): Promise<Answer> {
  const res = await fetch(base + path, { headers, method, body: payload });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path}: not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}
