#!/usr/bin/env node
// Runs the documented usage lines as a newcomer would paste them: every line of each ```sh block
// whose lines all run `bible` (a block with any other line, such as `npm test`, is set-up, not
// usage), in README.md and docs/*.md, one at a time, in bash, on a fresh HOME per file, with
// `bible` on the PATH as `npm link` puts it there (a link to bin/bible.js), after the two set-up
// commands (`npm ci` has built dist/). A line whose command does not exist yet ("unknown
// command") is reported as pending rather than failed, so the docs can name commands that are
// landing. Lines that must not run as pasted (a server that runs until stopped) go in a ```text
// block.
//
//   node scripts/readme-lines.mjs [--json]
//
// BIBLE_DATA_DIR, when set, is kept (a library already built); otherwise README.md's first line
// builds one in its fresh HOME, as on a new machine, and the other files' lines read that one.
// Exit status 1 when any line fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A line that runs `bible`, first or after `&&`, `;`, `|`. */
const runsBible = (line) => /(^|[;&|]\s*)bible(\s|$)/.test(line);

/** The usage lines of one Markdown file: the lines of its sh blocks whose lines all run `bible`, comments and blank lines left out. */
export function usageLines(markdown) {
  const lines = [];
  let block;
  for (const line of markdown.split('\n')) {
    if (/^```/.test(line)) {
      if (block === undefined) block = /^```(sh|bash)\s*$/.test(line) ? [] : null;
      else {
        if (block?.length && block.every(runsBible)) lines.push(...block);
        block = undefined;
      }
      continue;
    }
    if (block && line.trim() && !line.trim().startsWith('#')) block.push(line.trim());
  }
  return lines;
}

/** The files that document usage: README.md, then docs/*.md by name. */
export function usageFiles(dir = root) {
  const docs = join(dir, 'docs');
  const names = existsSync(docs)
    ? readdirSync(docs)
        .filter((n) => n.endsWith('.md'))
        .sort()
    : [];
  return ['README.md', ...names.map((n) => `docs/${n}`)];
}

/** Every documented usage line, by file: `[{ file, lines }]`, files without any left out. */
export function documentedUsage(dir = root) {
  return usageFiles(dir)
    .map((file) => ({ file, lines: usageLines(readFileSync(join(dir, file), 'utf8')) }))
    .filter((f) => f.lines.length > 0);
}

/** A fresh HOME and data directory; `library`, a library.sqlite already built, is linked into it. */
function freshSetup(library) {
  const dir = mkdtempSync(join(tmpdir(), 'bible-readme-'));
  const home = join(dir, 'home');
  const bin = join(dir, 'bin');
  mkdirSync(home);
  mkdirSync(bin);
  symlinkSync(join(root, 'bin', 'bible.js'), join(bin, 'bible'));
  const env = { PATH: `${bin}:${process.env.PATH}`, HOME: home, LANG: process.env.LANG ?? 'C.UTF-8' };
  // The lines write notes, plans and bookmarks: a data directory of their own, reading the
  // library already built (a link) rather than building another.
  if (library) {
    const data = join(dir, 'data');
    mkdirSync(data);
    symlinkSync(library, join(data, 'library.sqlite'));
    env.BIBLE_DATA_DIR = data;
  }
  if (process.env.BIBLE_SWORD_PATH !== undefined) env.BIBLE_SWORD_PATH = process.env.BIBLE_SWORD_PATH;
  return { env, home };
}

const builtLibrary = () => process.env.BIBLE_DATA_DIR && join(process.env.BIBLE_DATA_DIR, 'library.sqlite');

/**
 * Runs each line, in order, in one fresh HOME; `pending` names the command a line needs that
 * `bible` does not have yet. `library`: as freshSetup's, else BIBLE_DATA_DIR's.
 */
export function runLines(lines, library = builtLibrary()) {
  const { env, home } = freshSetup(library);
  const results = lines.map((line) => {
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
  return Object.assign(results, { library: library ?? join(home, '.local', 'share', 'bible', 'library.sqlite') });
}

/**
 * Runs every documented usage line, each file's in a fresh HOME of its own: `[{ file, ...result }]`.
 * `library`: a library.sqlite already built, else BIBLE_DATA_DIR's, else the first file's lines build one.
 */
export function runDocumented(dir = root, library = builtLibrary()) {
  return documentedUsage(dir).flatMap(({ file, lines }) => {
    const results = runLines(lines, library);
    library = results.library;
    return results.map((r) => ({ file, ...r }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = runDocumented();
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else
    for (const r of results) {
      const why =
        r.status === 'pending'
          ? ` (no command '${r.pending}' yet)`
          : r.status === 'failed'
            ? ` (exit ${r.exitCode}: ${r.stderr})`
            : '';
      process.stdout.write(`${r.status.padEnd(7)} ${r.file}: ${r.line}${why}\n`);
    }
  process.exitCode = results.some((r) => r.status === 'failed') ? 1 : 0;
}
