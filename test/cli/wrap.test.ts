import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { wrapPlain } from '../../src/cli/render/wrap.js';

const ESC = String.fromCharCode(27);
const CODES = [1, 2, 3, 31, 32, 33, 36, 22, 23, 39];

describe('the wrap of plain text on a terminal', () => {
  it('wraps as wrap-ansi does (hard: false, trim: true), colour codes across breaks included', () => {
    const code = fc.constantFrom(...CODES).map((c) => `${ESC}[${c}m`);
    const piece = fc.oneof(fc.constantFrom(...'ab ~‘’“”—×©'.split(''), '  ', 'word', 'Thessalonians'), code);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 40 }), (pieces, columns) => {
        const text = pieces.join('');
        expect(wrapPlain(text, columns)).toBe(wrapAnsi(text, columns, { hard: false, trim: true }));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves other text to wrap-ansi', () => {
    expect(wrapPlain('Jehová dijo', 40)).toBeUndefined();
    expect(wrapPlain('a\nb', 40)).toBeUndefined();
    expect(wrapPlain(`${ESC}[4ma`, 40)).toBeUndefined();
  });
});
