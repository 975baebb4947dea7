import { describe, expect, it } from 'vitest';
import { QUOTED_MAX, quoted, shortened } from '../../src/core/text/quoted.js';

describe('quoted: the user text a message repeats', () => {
  it('quotes a short text whole', () => {
    expect(quoted('John 3:16')).toBe("'John 3:16'");
    expect(quoted('x'.repeat(QUOTED_MAX))).toBe(`'${'x'.repeat(QUOTED_MAX)}'`);
  });

  it('cuts a long one to its first 60 characters and an ellipsis', () => {
    expect(quoted('x'.repeat(90_000))).toBe(`'${'x'.repeat(60)}…'`);
    expect(shortened('abcdef', 3)).toBe('abc…');
  });

  it('counts by characters, never cutting an astral one in half', () => {
    expect(quoted('𝔊'.repeat(QUOTED_MAX + 1))).toBe(`'${'𝔊'.repeat(QUOTED_MAX)}…'`);
    // 40 characters, 80 UTF-16 units: nothing is cut, so no ellipsis.
    expect(quoted('𝔊'.repeat(40))).toBe(`'${'𝔊'.repeat(40)}'`);
  });
});
