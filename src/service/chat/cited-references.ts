import { findBook, suggestBook } from '../../core/canon/canon.js';
import { formatReference, parseReference } from '../../core/reference/reference.js';

export interface CheckedReply {
  text: string;
  /** References that named no real passage and were taken out. */
  removed: string[];
  /** Near misses put right: [as written, as corrected]. */
  corrected: Array<[string, string]>;
}

// A citation: an optional 1-3, one to four words of book name, then chapter:verse (a range
// allowed), or a bare chapter after a word that is a known book ("Psalm 23").
const CITATION =
  /\b((?:[1-3]|I{1,3})\s?[A-Z][a-z]+|[A-Z][a-z]+(?:\s(?:of\s)?[A-Z][a-z]+){0,3})\.?\s(\d{1,3})(?::(\d{1,3})(?:\s?[-–]\s?(\d{1,3})(?::(\d{1,3}))?)?)?\b/g;

/**
 * Every reference in a reply checked against the canon. A real one is left as written. A book
 * that is one slip from a real one ("Jhon 3:16") is corrected when the rest is then valid. One
 * with a chapter or verse that does not exist is removed, never shown as if real. Words that are
 * no book at all ("In 1990") are left alone.
 */
export function checkReferences(reply: string): CheckedReply {
  const removed: string[] = [];
  const corrected: Array<[string, string]> = [];
  const text = reply.replace(CITATION, (whole, bookText: string, _c, verse: string | undefined) => {
    const rest = whole.slice(whole.indexOf(' ', bookText.length - 1)).trim();
    let book = findBook(bookText.replace(/\.$/, ''));
    // Longer matches may swallow words before the book ("Read John 3:16"): try the tail.
    let prefix = '';
    if (!book) {
      const words = bookText.split(' ');
      for (let i = 1; i < words.length && !book; i++) {
        book = findBook(words.slice(i).join(' '));
        if (book) prefix = `${words.slice(0, i).join(' ')} `;
      }
    }
    if (!book) {
      if (verse === undefined || bookText.length < 4) return whole;
      const last = bookText.split(' ').pop() as string;
      const guess = suggestBook(last);
      if (!guess) return whole;
      try {
        const fixed = formatReference(parseReference(`${guess.name} ${rest}`));
        const head = bookText.slice(0, bookText.length - last.length);
        corrected.push([whole, fixed]);
        return `${head}${fixed}`;
      } catch {
        removed.push(whole);
        return '';
      }
    }
    try {
      parseReference(`${book.name} ${rest}`);
      return whole;
    } catch {
      removed.push(`${book.name} ${rest}`);
      return prefix.trimEnd();
    }
  });
  return {
    text: removed.length ? tidy(text) : text,
    removed,
    corrected,
  };
}

/** Mends the punctuation a removed reference leaves behind: empty brackets, "and ." and doubled spaces. */
function tidy(text: string): string {
  return text
    .replace(/\(\s*(?:(?:and|or|see|cf\.?)\s*)?[;,]?\s*\)/gi, '')
    .replace(/\b(?:and|or)\s*([.,;:])/g, '$1')
    .replace(/\b(also|see|cf\.?|read|and|or)\s+(?:and|or)\s+/gi, '$1 ')
    .replace(/([,;])\s*(?:and|or)?\s*([,;])/g, '$1')
    .replace(/[ \t]+([.,;:])/g, '$1')
    .replace(/([,;])\s*([.,;])/g, '$2')
    .replace(/[ \t]{2,}/g, ' ');
}
