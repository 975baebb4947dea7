import { findBook } from '../../core/canon/canon.js';
import { parseReference } from '../../core/reference/reference.js';

export interface CheckedReply {
  text: string;
  /** References to a real book whose chapter or verse does not exist: taken out. */
  removed: string[];
  /** References that name no book ("Hezekiah 4:2"): left as written, and named under the reply. */
  notFound: string[];
}

// A citation: an optional 1-3, one to four words of book name, then chapter:verse (a range
// allowed), or a bare chapter after a word that is a known book ("Psalm 23").
const CITATION =
  /\b((?:[1-3]|I{1,3})\s?[A-Z][a-z]+|[A-Z][a-z]+(?:\s(?:of\s)?[A-Z][a-z]+){0,3})\.?\s(\d{1,3})(?::(\d{1,3})(?:\s?[-–]\s?(\d{1,3})(?::(\d{1,3}))?)?)?\b/g;

/** The line under a reply that names the references it makes to no book. */
export const NOT_FOUND_NOTE = '— Not found in the Bible (no such book):';

/**
 * Every reference in a reply checked against the canon. One to a real book, by any of its
 * spellings or abbreviations (findBook), is left as written if the passage exists, and removed,
 * never shown as if real, if it does not. One that names no book with a chapter and verse
 * ("Hezekiah 4:2") is left as the model wrote it and named under the reply as not found: a near
 * spelling is not taken for a book ("Hezekiah" is not Nehemiah). Words that are no book and carry
 * no verse ("In 1990") are left alone.
 */
export function checkReferences(reply: string): CheckedReply {
  const removed: string[] = [];
  const notFound: string[] = [];
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
      if (verse !== undefined && bookText.length >= 4) notFound.push(`${bookText.split(' ').pop()} ${rest}`);
      return whole;
    }
    try {
      parseReference(`${book.name} ${rest}`);
      return whole;
    } catch {
      removed.push(`${book.name} ${rest}`);
      return prefix.trimEnd();
    }
  });
  const checked = removed.length ? tidy(text) : text;
  return {
    text: notFound.length ? `${checked}\n\n${NOT_FOUND_NOTE} ${[...new Set(notFound)].join('; ')}` : checked,
    removed,
    notFound,
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
