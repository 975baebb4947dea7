import { describe, expect, it } from 'vitest';
import { queryFromArgs, searchArgv } from '../../src/cli/commands/search.js';
import { canonChart } from '../../src/cli/render/canon-chart.js';
import { highlight } from '../../src/cli/render/highlight.js';
import type { Style } from '../../src/cli/render/style.js';

const plain = (s: string) => s;
const style: Style = {
  color: false,
  tty: true,
  width: 40,
  c: { bold: plain, dim: plain, italic: plain, red: plain, green: plain, yellow: plain, cyan: plain },
  wrap: plain,
};

describe('search rendering', () => {
  it('highlights whole words only, longest first, every occurrence', () => {
    const mark = (s: string) => `[${s}]`;
    expect(highlight('God so loved; beloved, God so loved us', ['God so loved', 'loved'], mark)).toBe(
      '[God so loved]; beloved, [God so loved] us',
    );
    expect(highlight('Love is love, not lovely', ['love', 'Love'], mark)).toBe('[Love] is [love], not lovely');
    expect(highlight('a (b) c', ['(b)'], mark)).toBe('a [(b)] c');
    expect(highlight('nothing', [], mark)).toBe('nothing');
    // Letters with marks and outside the BMP are word letters too.
    expect(highlight('Josée José; e\u0301José 𝐀José', ['José'], mark)).toBe('Josée [José]; e\u0301José 𝐀José');
    // ASCII text, with the typographic punctuation of the KJV and WEB around the words.
    expect(highlight('His wife’s name—wife—wifely, wife2 “wife”', ['wife'], mark)).toBe(
      'His [wife]’s name—[wife]—wifely, wife2 “[wife]”',
    );
  });

  it('charts the canon in one line per testament cell, then the books with counts wrapped to the width', () => {
    const counts = [
      { book: 'Genesis', count: 1 },
      { book: 'Romans', count: 8 },
      { book: 'Hebrews', count: 4 },
    ];
    const nt = `NT ${'·'.repeat(5)}█${'·'.repeat(12)}▄${'·'.repeat(8)}`;
    const wide = canonChart({ ...style, width: 80 }, counts);
    expect(wide).toEqual([`OT ▁${'·'.repeat(38)}  ${nt}`, 'Gen 1  Rom 8  Heb 4']);
    // 40 columns (issue 35.10): a testament a line, the Old going on under its label.
    expect(canonChart(style, counts)).toEqual([
      `OT ▁${'·'.repeat(36)}`,
      `   ${'·'.repeat(2)}`,
      nt,
      'Gen 1  Rom 8  Heb 4',
    ]);
  });

  it('moves -word exclusions behind -- so commander does not read them as options', () => {
    expect(searchArgv(['love', '-thee', '-t', 'kjv', '--count', '-fear'])).toEqual([
      '-t',
      'kjv',
      '--count',
      '--',
      'love',
      '-thee',
      '-fear',
    ]);
    expect(searchArgv(['-t', 'web', '--', '-x', '--y'])).toEqual(['-t', 'web', '--', '-x', '--y']);
  });

  it('quotes a shell word with spaces as a phrase unless it uses the query language', () => {
    expect(queryFromArgs(['God so loved', 'world'])).toBe('"God so loved" world');
    expect(queryFromArgs(['-fear not'])).toBe('-"fear not"');
    expect(queryFromArgs(['angel OR angels'])).toBe('angel OR angels');
    expect(queryFromArgs(['faith -fear'])).toBe('faith -fear');
    expect(queryFromArgs(['"so loved" world'])).toBe('"so loved" world');
  });
});
