#!/usr/bin/env node
// Measures `bible import` of many notes on one chapter with the built CLI: the wall time for N
// notes and for 2N, and their ratio (about 2 when the import is linear in the notes of a chapter,
// about 4 when quadratic). Usage: npm run build && node bench/notes-import.mjs [N=20000]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const n = Number(process.argv[2] ?? 20_000);
const bin = new URL('../bin/bible.js', import.meta.url).pathname;

/** Seconds to import `count` notes, all on John 3 (its 36 verses in turn), into an empty workspace. */
function importSeconds(count) {
  const dir = mkdtempSync(join(tmpdir(), 'bible-bench-notes-'));
  const notes = Array.from({ length: count }, (_, i) => ({
    uid: `bench-${i}`,
    ref: `John 3:${(i % 36) + 1}`,
    text: `note ${i}`,
    tags: [],
    created: '2026-01-01T00:00:00.000Z',
    updated: '2026-01-01T00:00:00.000Z',
  }));
  const file = join(dir, 'notes.json');
  writeFileSync(file, JSON.stringify({ format: 'bible-workspace', version: 1, notes, bookmarks: [] }));
  const started = process.hrtime.bigint();
  const out = execFileSync(process.execPath, [bin, 'import', file, '--json'], {
    env: { ...process.env, BIBLE_DATA_DIR: dir },
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (JSON.parse(out).notesAdded !== count) throw new Error(`not every note was added: ${out}`);
  rmSync(dir, { recursive: true, force: true });
  return seconds;
}

const one = importSeconds(n);
const two = importSeconds(2 * n);
console.log(`${n} notes on one chapter: ${one.toFixed(2)} s; ${2 * n}: ${two.toFixed(2)} s`);
console.log(`ratio ${(two / one).toFixed(2)} (2 is linear, 4 quadratic)`);
