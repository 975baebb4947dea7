import { countTokens, decode, encode } from 'gpt-tokenizer';

/** Tokens as OpenAI's cl100k/o200k-style tokenizer counts them (gpt-tokenizer). */
export function tokenCount(text: string): number {
  return countTokens(text);
}

/** The text cut to at most `max` tokens (at a word boundary where one is near). */
export function truncateToTokens(text: string, max: number): string {
  const tokens = encode(text);
  if (tokens.length <= max) return text;
  const cut = decode(tokens.slice(0, max));
  const space = cut.lastIndexOf(' ');
  return `${space > cut.length * 0.8 ? cut.slice(0, space) : cut}…`;
}
