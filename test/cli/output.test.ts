import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { IO } from '../../src/cli/io.js';
import { choosePager, Output } from '../../src/cli/render/output.js';
import { makeStyle, wantsColor } from '../../src/cli/render/style.js';
import { renderTable } from '../../src/cli/render/table.js';

/** An IO whose stdout is a terminal of the given size, or a pipe; what is written is kept. */
function io(terminal?: { rows: number; columns: number }, env: NodeJS.ProcessEnv = {}) {
  let written = '';
  const stdout = Object.assign(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString();
        done();
      },
    }),
    terminal ? { isTTY: true, ...terminal } : {},
  );
  const value: IO = { stdout, stderr: stdout, stdin: Readable.from([]), env };
  return { io: value, written: () => written };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

/** A pager that keeps what it was given, and its LESS, in files: a real program run through the shell. */
function recordingPager() {
  const dir = mkdtempSync(join(tmpdir(), 'bible-pager-'));
  return {
    command: `printf %s "$LESS" > ${dir}/less; cat > ${dir}/paged`,
    paged: () => (existsSync(join(dir, 'paged')) ? readFileSync(join(dir, 'paged'), 'utf8') : undefined),
    less: () => readFileSync(join(dir, 'less'), 'utf8'),
  };
}

async function print(t: ReturnType<typeof io>, pager: string | undefined, text: string[]) {
  const out = new Output(t.io, await makeStyle(t.io, {}, undefined), pager);
  for (const l of text) out.line(l);
  await out.flush();
}

describe('output and the pager', () => {
  it('on a terminal, text taller than it goes to the pager (with LESS=FRX), and not to stdout', async () => {
    const t = io({ rows: 10, columns: 80 });
    const pager = recordingPager();
    await print(t, pager.command, lines(10));
    expect(pager.paged()).toBe(`${lines(10).join('\n')}\n`);
    expect(pager.less()).toBe('FRX');
    expect(t.written()).toBe('');
  });

  it('the user’s LESS is kept', async () => {
    const t = io({ rows: 3, columns: 80 }, { LESS: 'R' });
    const pager = recordingPager();
    await print(t, pager.command, lines(5));
    expect(pager.less()).toBe('R');
  });

  it('text that fits, a pipe, or no pager: straight to stdout', async () => {
    for (const [terminal, pagerOn, n] of [
      [{ rows: 10, columns: 80 }, true, 9],
      [undefined, true, 100],
      [{ rows: 10, columns: 80 }, false, 100],
    ] as const) {
      const t = io(terminal);
      const pager = recordingPager();
      await print(t, pagerOn ? pager.command : undefined, lines(n));
      expect(t.written()).toBe(`${lines(n).join('\n')}\n`);
      expect(pager.paged()).toBeUndefined();
    }
  });

  it('a pager that cannot be started: the text is printed after all', async () => {
    const t = io({ rows: 3, columns: 80 });
    await print(t, 'bible-test-no-such-pager 2>/dev/null', lines(5));
    expect(t.written()).toBe(`${lines(5).join('\n')}\n`);
  });

  it('choosePager: --no-pager and config "never" win; then BIBLE_PAGER, config, PAGER, less -R', () => {
    expect(choosePager({ BIBLE_PAGER: 'more' }, false, undefined)).toBeUndefined();
    expect(choosePager({ BIBLE_PAGER: 'more' }, true, 'never')).toBeUndefined();
    expect(choosePager({ BIBLE_PAGER: 'more', PAGER: 'most' }, true, 'pg')).toBe('more');
    expect(choosePager({ PAGER: 'most' }, true, 'pg')).toBe('pg');
    expect(choosePager({ PAGER: 'most' }, true, undefined)).toBe('most');
    expect(choosePager({}, true, undefined)).toBe('less -R');
  });
});

describe('rendering', () => {
  it('colour: --no-color and NO_COLOR off, FORCE_COLOR on, then config, then whether stdout is a terminal', () => {
    const tty = io({ rows: 24, columns: 80 }).io;
    const pipe = io().io;
    expect(wantsColor(tty, undefined, undefined)).toBe(true);
    expect(wantsColor(pipe, undefined, undefined)).toBe(false);
    expect(wantsColor(tty, false, 'always')).toBe(false);
    expect(wantsColor({ ...tty, env: { NO_COLOR: '1', FORCE_COLOR: '1' } }, undefined, 'always')).toBe(false);
    expect(wantsColor({ ...tty, env: { NO_COLOR: '' } }, undefined, undefined)).toBe(true);
    expect(wantsColor({ ...pipe, env: { FORCE_COLOR: '1' } }, undefined, 'never')).toBe(true);
    expect(wantsColor({ ...pipe, env: { FORCE_COLOR: '0' } }, undefined, undefined)).toBe(false);
    expect(wantsColor(pipe, undefined, 'always')).toBe(true);
    expect(wantsColor(tty, undefined, 'never')).toBe(false);
  });

  it('wraps to the terminal (40 to 120 columns) with a hanging indent; piped text is left whole', async () => {
    const text = 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him';
    const narrow = await makeStyle(io({ rows: 24, columns: 50 }).io, {}, undefined);
    expect(narrow.width).toBe(50);
    const wrapped = narrow.wrap(`16 ${text}`, 3, 0).split('\n');
    expect(wrapped).toEqual([
      '16 For God so loved the world, that he gave his',
      '   only begotten Son, that whosoever believeth in',
      '   him',
    ]);
    expect((await makeStyle(io({ rows: 24, columns: 10 }).io, {}, undefined)).width).toBe(40);
    expect((await makeStyle(io({ rows: 24, columns: 300 }).io, {}, undefined)).width).toBe(120);
    const piped = await makeStyle(io().io, {}, undefined);
    expect([piped.tty, piped.width, piped.wrap(text, 3, 2)]).toEqual([false, 0, `  ${text}`]);
  });

  it('colour paints with ANSI codes only when wanted', async () => {
    const plain = await makeStyle(io({ rows: 24, columns: 80 }).io, { color: false }, undefined);
    expect(plain.c.bold('John 3:16')).toBe('John 3:16');
    const forced = await makeStyle(io().io, {}, 'always');
    expect(forced.c.bold('John 3:16')).toBe('\u001b[1mJohn 3:16\u001b[22m');
  });

  it('tables: tab-separated rows without a header when piped; a bordered table on a terminal', async () => {
    const rows = [
      ['G26', 'ἀγάπη', 'love'],
      ['G25', 'ἀγαπάω', 'to love'],
    ];
    const piped = await makeStyle(io().io, {}, undefined);
    expect(await renderTable(piped, ['number', 'lemma', 'gloss'], rows)).toEqual([
      'G26\tἀγάπη\tlove',
      'G25\tἀγαπάω\tto love',
    ]);
    const tty = await makeStyle(io({ rows: 24, columns: 80 }).io, { color: false }, undefined);
    const table = await renderTable(tty, ['number', 'lemma', 'gloss'], rows);
    expect(table[0]).toMatch(/^┌─+┬─+┬─+┐$/);
    expect(table[1]).toMatch(/^│ number │ lemma +│ gloss +│$/);
    expect(table).toHaveLength(7);
  });
});
