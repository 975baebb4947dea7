import type { BibleClient } from '../client/client.js';
import { usageError } from './errors.js';
import { bookAlone } from './references.js';

/** A translation named after the reference: "John 3:16 (NIV)", "John 3:16 WEB", or `John 3:16 WEB` unquoted. */
export interface NamedTranslation {
  refs: string[];
  translation?: string;
  /** Named by a bare word ("John 3:16 WEB"), not in brackets: a translation only if the catalog has it. */
  bare?: boolean;
}

const NAMED_ID = /^(.*\d)\s*\(\s*([A-Za-z][\w-]{1,15})\s*\)$|^(.*\d)\s+([A-Za-z][\w-]{1,15})$/s;

/**
 * The translation a reference names at its end, read as `-t` would be: in brackets always, a
 * bare word when it is no book's name ("Ps 23 KJV"; not "John 3 John").
 */
export function translationInReference(args: string[]): NamedTranslation {
  const last = args.at(-1)?.trim() ?? '';
  const alone = /^\(?\s*([A-Za-z][\w-]{1,15})\s*\)?$/.exec(last);
  const before = args.slice(0, -1).join(' ');
  // A reference before it (a book, then a number): "2 Kings" is a book, not 2 in the KINGS translation.
  if (alone && /\p{L}.*\d\W*$/u.test(before) && (last.startsWith('(') || !bookAlone(`${args.at(-2)} ${last}`)))
    return { refs: args.slice(0, -1), translation: alone[1], bare: !last.startsWith('(') };
  const m = NAMED_ID.exec(last);
  if (!m) return { refs: args };
  const [, bracketRef, bracketId, bareRef, bareId] = m;
  if (bracketId) return { refs: [...args.slice(0, -1), bracketRef as string], translation: bracketId };
  if (!/\p{L}/u.test(bareRef as string) || bookAlone(last)) return { refs: args };
  return { refs: [...args.slice(0, -1), bareRef as string], translation: bareId, bare: true };
}

/**
 * translationInReference, with a bare word kept only when the catalog has a translation of that id:
 * "John 3:16 foo" stays a reference that cannot be read (exit 2), "John 3:16 (NIV)" is refused as
 * a translation the service lacks.
 */
export async function translationNamedIn(client: BibleClient, args: string[]): Promise<NamedTranslation> {
  const named = translationInReference(args);
  if (!named.bare || !named.translation) return named;
  const ids = (await client.catalog()).bible.map((b) => b.id.toLowerCase());
  return ids.includes(named.translation.toLowerCase()) ? named : { refs: args };
}

/**
 * `-t` and a translation named in the reference: either, or both when they agree; when they
 * differ the user is asked which was meant rather than one silently winning.
 */
export function withNamedTranslation<T extends { translation?: string | string[] }>(
  opts: T,
  named: NamedTranslation,
): T {
  if (!named.translation) return opts;
  return { ...opts, translation: agreedId(named.translation, opts.translation, '-t') };
}

/**
 * The id a reference names and the one its flag asks for: either, or both when they agree (the
 * flag's form kept); when they differ the user is asked which was meant rather than one winning.
 */
export function agreedId<A extends string | string[]>(named: string, asked: A | undefined, flag: string): A | string {
  const given = asked === undefined ? [] : [asked].flat();
  if (!given.length) return named;
  if (given.length === 1 && given[0]?.toLowerCase() === named.toLowerCase()) return asked as A;
  throw usageError(`the reference names ${named} but ${flag} asks for ${given.join(',')}: give one of them`);
}
