import { countTokens, decode, encode } from 'gpt-tokenizer';

/**
 * Longest run without whitespace given to the tokenizer at once. BPE merges within one
 * pre-token cost quadratic time in its length ('y' × 80,000 takes seconds, 10,000 CJK characters
 * over half a second), so longer runs are cut into pieces of this many characters and counted
 * piece by piece: linear in the text, and the count differs from the exact one only inside such
 * runs, where it is an estimate anyway.
 */
const MAX_RUN = 64;

const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}`, 'gu');
const PIECE = new RegExp(`[\\s\\S]{1,${MAX_RUN}}`, 'gu');

/** The text in pieces whose concatenation is the text, none with a run longer than MAX_RUN. */
export function pieces(text: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(...(m[0].match(PIECE) ?? []));
    last = m.index + m[0].length;
  }
  if (last < text.length || out.length === 0) out.push(text.slice(last));
  return out;
}

/** Tokens as OpenAI's cl100k/o200k-style tokenizer counts them (gpt-tokenizer), in time linear in the text. */
export function tokenCount(text: string): number {
  let n = 0;
  for (const piece of pieces(text)) n += countTokens(piece);
  return n;
}

/** The text cut to at most `max` tokens (at a word boundary where one is near). */
export function truncateToTokens(text: string, max: number): string {
  const tokens: number[] = [];
  for (const piece of pieces(text)) {
    for (const t of encode(piece)) tokens.push(t);
    if (tokens.length > max) break;
  }
  if (tokens.length <= max) return text;
  const cut = decode(tokens.slice(0, max));
  const space = cut.lastIndexOf(' ');
  return `${space > cut.length * 0.8 ? cut.slice(0, space) : cut}…`;
}
