#!/usr/bin/env node
// Runs the README's usage lines as a newcomer would paste them: every line of the `sh` blocks
// under "First steps" and "Using it", one at a time, in bash, on a fresh HOME, with `bible` on
// the PATH as `npm link` puts it there (a link to bin/bible.js), after the two set-up commands
// (`npm ci` has built dist/). A line whose command does not exist yet ("unknown command") is
// reported as pending rather than failed, so the README can name commands that are landing.
//
//   node scripts/readme-lines.mjs [--json]
//
// BIBLE_DATA_DIR, when set, is kept (a library already built); otherwise the first line builds
// one in the fresh HOME, as on a new machine. Exit status 1 when any line fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECTIONS = ['First steps', 'Using it', 'Study workspace: reading plans, notes and bookmarks'];

/** The lines of the sh code blocks of the named sections, comments and blank lines left out. */
export function readmeLines(markdown) {
  const lines = [];
  let section = '';
  let inBlock = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    if (/^```/.test(line)) {
      inBlock = !inBlock && /^```(sh|bash)\s*$/.test(line);
      continue;
    }
    if (inBlock && SECTIONS.includes(section) && line.trim() && !line.trim().startsWith('#')) lines.push(line.trim());
  }
  return lines;
}

function freshSetup() {
  const dir = mkdtempSync(join(tmpdir(), 'bible-readme-'));
  const home = join(dir, 'home');
  const bin = join(dir, 'bin');
  mkdirSync(home);
  mkdirSync(bin);
  symlinkSync(join(root, 'bin', 'bible.js'), join(bin, 'bible'));
  const env = { PATH: `${bin}:${process.env.PATH}`, HOME: home, LANG: process.env.LANG ?? 'C.UTF-8' };
  // The lines write notes, plans and bookmarks: a data directory of their own, reading the
  // library already built (a link) rather than building another.
  if (process.env.BIBLE_DATA_DIR) {
    const data = join(dir, 'data');
    mkdirSync(data);
    symlinkSync(join(process.env.BIBLE_DATA_DIR, 'library.sqlite'), join(data, 'library.sqlite'));
    env.BIBLE_DATA_DIR = data;
  }
  if (process.env.BIBLE_SWORD_PATH !== undefined) env.BIBLE_SWORD_PATH = process.env.BIBLE_SWORD_PATH;
  return { env, home };
}

/** Runs each line; `pending` names the command a line needs that `bible` does not have yet. */
export function runLines(lines) {
  const { env, home } = freshSetup();
  return lines.map((line) => {
    const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', line], {
      env,
      cwd: home,
      input: '',
      encoding: 'utf8',
      timeout: 180_000,
      maxBuffer: 1 << 26,
    });
    const missing = /unknown command '([^']+)'/.exec(r.stderr ?? '')?.[1];
    const status = r.status === 0 ? 'ok' : missing ? 'pending' : 'failed';
    return {
      line,
      status,
      exitCode: r.status,
      ...(missing ? { pending: missing } : {}),
      stderr: (r.stderr ?? '').trim().split('\n')[0] ?? '',
      stdoutBytes: (r.stdout ?? '').length,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = runLines(readmeLines(readFileSync(join(root, 'README.md'), 'utf8')));
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else
    for (const r of results) {
      const why =
        r.status === 'pending'
          ? ` (no command '${r.pending}' yet)`
          : r.status === 'failed'
            ? ` (exit ${r.exitCode}: ${r.stderr})`
            : '';
      process.stdout.write(`${r.status.padEnd(7)} ${r.line}${why}\n`);
    }
  process.exitCode = results.some((r) => r.status === 'failed') ? 1 : 0;
}
