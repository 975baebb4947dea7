import { localBookName, onePsalmName } from '../../core/canon/book-names.js';
import { BOOKS } from '../../core/canon/canon.js';

/** The canon's names, longest first, so "1 John 3" is read as 1 John, not John. */
const BY_LENGTH = [...BOOKS].sort((a, b) => b.name.length - a.name.length);

/**
 * A reference as a reader says it in a heading, in the translation's language: one psalm is
 * "Psalm 23" (and "Psalm 23:1-6"), several "Psalms 1-2", as printed Bibles head them; a Spanish
 * translation's "Juan 3:16", "Salmo 23". The data (--json) keeps the canon's English name.
 */
export function spokenRef(ref: string, language?: string): string {
  const m = /^Psalms (\d+(?::\d+(?:-\d+)?)?)$/.exec(ref);
  if (m) return `${onePsalmName(language)} ${m[1]}`;
  if (!language) return ref;
  const book = BY_LENGTH.find((b) => ref === b.name || ref.startsWith(`${b.name} `));
  return book ? localBookName(book, language) + ref.slice(book.name.length) : ref;
}
