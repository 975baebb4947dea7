import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { pieces, tokenCount, truncateToTokens } from '../../src/service/chat/tokens.js';

const PROSE =
  'In the beginning God created the heaven and the earth. And the earth was without form, and void; and darkness was upon the face of the deep. ';

/** Texts whose long runs without whitespace made BPE quadratic ('y' × 80,000 took 13 s). */
const HOSTILE = {
  letters: 'y'.repeat(80_000),
  cjk: '愛'.repeat(30_000),
  emoji: `${PROSE}${'😀'.repeat(20_000)} end`,
  mixed: `${'ab1'.repeat(5_000)} ${PROSE}${'x'.repeat(65)}`,
};

describe('token counting is linear in the text', () => {
  it('hands the tokenizer no run without whitespace longer than 64 characters, and loses nothing', () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      const parts = pieces(text);
      expect(parts.join(''), name).toBe(text);
      const longest = Math.max(...parts.flatMap((p) => (p.match(/\S+/gu) ?? []).map((r) => [...r].length)));
      expect({ name, longest: longest <= 64 }).toEqual({ name, longest: true });
    }
  });

  it('counts ordinary text exactly as the tokenizer does', () => {
    const text = PROSE.repeat(200);
    expect(tokenCount(text)).toBe(countTokens(text));
    expect(pieces(text)).toEqual([text]);
  });

  it('counts and cuts the hostile texts', () => {
    expect(tokenCount(HOSTILE.letters)).toBe(20_000);
    expect(tokenCount(HOSTILE.cjk)).toBe(30_000);
    expect(truncateToTokens(HOSTILE.letters, 100)).toBe(`${'y'.repeat(400)}…`);
    expect(truncateToTokens(PROSE, 1_000)).toBe(PROSE);
  });
});
