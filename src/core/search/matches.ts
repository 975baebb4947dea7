import { isAscii } from '../text/ascii.js';
import { type SearchTerm, tokenPattern } from './query.js';

/** A token as the index compares it: lower case, diacritics off (unicode61 remove_diacritics 2). */
export function fold(token: string): string {
  // An ASCII word (nearly every word of the KJV and the WEB) has no diacritics to take off.
  if (isAscii(token)) return token.toLowerCase();
  return token
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The words of a verse that the text terms match, as the verse spells them, in order, each once:
 * a word, a prefix, or a phrase (its whole span, punctuation between its words included). The
 * same rule as the index (whole tokens of letters, marks and digits, folded), run on the few
 * verses of a page instead of asking the index to mark them.
 */
export function matchedWords(text: string, terms: readonly SearchTerm[]): string[] {
  const tokens = [...text.matchAll(tokenPattern(text))].map((m) => ({
    word: fold(m[0]),
    start: m.index as number,
    end: (m.index as number) + m[0].length,
  }));
  const spans: Array<{ start: number; end: number }> = [];
  for (const term of terms) {
    if (term.kind !== 'text') continue;
    const want = term.tokens.map(fold);
    const last = want.length - 1;
    for (let i = 0; i + last < tokens.length; i++) {
      const ok = want.every((w, j) => {
        const t = (tokens[i + j] as { word: string }).word;
        return j === last && term.prefix ? t.startsWith(w) : t === w;
      });
      if (ok)
        spans.push({ start: (tokens[i] as { start: number }).start, end: (tokens[i + last] as { end: number }).end });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: string[] = [];
  for (const s of spans) {
    const word = text.slice(s.start, s.end);
    if (!out.includes(word)) out.push(word);
  }
  return out;
}
