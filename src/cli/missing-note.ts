import { localBookName } from '../core/canon/book-names.js';
import {
  CANON_NUMBERING,
  formatReferenceIn,
  type Numbering,
  parseReferenceIn,
  type Reference,
  referenceVerses,
} from '../core/reference/reference.js';
import type { TypedReference } from './references.js';

/** The reference as the service read its text: by the translation's numbering ("Joel 3" is 3:1-5 in Luther's). */
function asRead(typed: TypedReference, numbering: Numbering): Reference {
  if (numbering === CANON_NUMBERING) return typed.ref;
  try {
    return parseReferenceIn(typed.text, numbering);
  } catch {
    return typed.ref;
  }
}

/**
 * What a translation lacks of a reference, said rather than left out silently: the WEB has no
 * Acts 8:37, and the RV1909 numbers some verses differently (its Jonah 1:17 is Jonah 2:1). Counted
 * by the translation's numbering where it is given (a whole chapter is its own chapter). Books
 * are named in the translation's language, as the heading above it.
 */
export function missingNote(
  typed: TypedReference | undefined,
  verses: ReadonlyArray<{ chapter: number; v: number }>,
  translation: string,
  language?: string,
  numbering: Numbering = CANON_NUMBERING,
): string | undefined {
  if (!typed) return undefined;
  const ref = asRead(typed, numbering);
  const have = new Set(verses.map((v) => `${v.chapter}:${v.v}`));
  const all = referenceVerses(ref, numbering);
  const missing = all.filter((p) => !have.has(`${p.chapter}:${p.verse}`));
  if (!missing.length) return undefined;
  const id = translation.toUpperCase();
  const name = localBookName(ref.book, language);
  const listed = missing.slice(0, 5).map((p) => `${name} ${p.chapter}:${p.verse}`);
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  return missing.length === all.length
    ? `(${id} has no text for ${name}${formatReferenceIn(ref, numbering).slice(ref.book.name.length)}; it may number these verses differently)`
    : `(${id} has no ${listed.join(', ')}${more})`;
}
