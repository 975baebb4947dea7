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
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
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

/** One line in bash, as pasted: its exit status, stdout's length and stderr. */
function runLine(line, env, cwd) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', line], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (d) => (stdoutBytes += d.length));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr = (stderr + d).slice(0, 1 << 16)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdoutBytes, stderr });
    });
  });
}

/**
 * Runs each line, in order, in one fresh HOME; `pending` names the command a line needs that
 * `bible` does not have yet. `library`: as freshSetup's, else BIBLE_DATA_DIR's.
 */
export async function runLines(lines, library = builtLibrary()) {
  const { env, home } = freshSetup(library);
  const results = [];
  for (const line of lines) {
    const r = await runLine(line, env, home);
    const missing = /unknown command '([^']+)'/.exec(r.stderr)?.[1];
    const status = r.status === 0 ? 'ok' : missing ? 'pending' : 'failed';
    results.push({
      line,
      status,
      exitCode: r.status,
      ...(missing ? { pending: missing } : {}),
      stderr: r.stderr.trim().split('\n')[0] ?? '',
      stdoutBytes: r.stdoutBytes,
    });
  }
  return Object.assign(results, { library: library ?? join(home, '.local', 'share', 'bible', 'library.sqlite') });
}

/**
 * Runs every documented usage line, each file's in a fresh HOME of its own: `[{ file, ...result }]`.
 * `library`: a library.sqlite already built, else BIBLE_DATA_DIR's, else the first file's lines
 * build one (and run first). The files share nothing else, so they run side by side, one per core.
 */
export async function runDocumented(dir = root, library = builtLibrary()) {
  const files = documentedUsage(dir);
  const byFile = new Array(files.length);
  let next = 0;
  if (!library && files.length) {
    byFile[0] = await runLines(files[0].lines, library);
    library = byFile[0].library;
    next = 1;
  }
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      byFile[i] = await runLines(files[i].lines, library);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return files.flatMap(({ file }, i) => byFile[i].map((r) => ({ file, ...r })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runDocumented();
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
