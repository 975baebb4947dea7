import { parseReference } from '../../core/reference/reference.js';
import { WorkspaceError } from '../errors.js';
import { parseInstant } from '../local-date.js';
import { type ExchangeBookmark, type ExchangeNote, type Range, rangeOf, type UserStore } from '../store.js';

/** What an export holds and an import reads: every note and bookmark, without local ids. */
export interface Exchange {
  notes: ExchangeNote[];
  bookmarks: ExchangeBookmark[];
}

import { quoted } from '../../core/text/quoted.js';
import { EXCHANGE_FORMATS, type ExchangeFormat } from './format-names.js';

export { EXCHANGE_FORMATS, type ExchangeFormat };

/** A format named by a flag or by a file's extension (.md/.markdown, .json, .csv). */
export function exchangeFormat(flag: string | undefined, path: string | undefined): ExchangeFormat {
  const name = (flag ?? /\.([a-z]+)$/i.exec(path ?? '')?.[1] ?? '').toLowerCase();
  const format = name === 'markdown' ? 'md' : name;
  if ((EXCHANGE_FORMATS as readonly string[]).includes(format)) return format as ExchangeFormat;
  throw new WorkspaceError(
    'usage',
    flag ? `--format is md, json or csv (got ${quoted(flag)})` : 'name the format with --format md|json|csv',
  );
}

export function exchangeOf(store: UserStore): Exchange {
  return {
    notes: store.notes().map(({ id: _id, ...n }) => n),
    bookmarks: store.bookmarks().map(({ id: _id, ...b }) => b),
  };
}

/** A reference from an import file, checked against the canon. */
export function rangeFromText(text: string, where: string): Range {
  try {
    return rangeOf(parseReference(text));
  } catch (err) {
    throw new WorkspaceError('usage', `${where}: ${(err as Error).message}`);
  }
}

/** An ISO instant from an import file, on the calendar (no 30 February). */
export function instantFromText(text: string, where: string): string {
  const d = /^\d{4}-\d{2}-\d{2}T/.test(text) ? parseInstant(text) : undefined;
  if (!d) throw new WorkspaceError('usage', `${where}: ${quoted(text)} is not an ISO date-time`);
  return d.toISOString();
}

/** The longest uid a note may have in any export (crypto.randomUUID() gives 36 characters). */
export const MAX_UID_CHARS = 100;
// Visible ASCII: every format writes it as it is (CSV neutralises a leading = + - @), so a uid an
// import accepts is one its export restores.
const UID = new RegExp(`^[\\x21-\\x7e]{1,${MAX_UID_CHARS}}$`);

/** A note's uid from an import file: one rule for every format. */
export function uidFromText(text: string | undefined, where: string): string {
  if (text === undefined || !UID.test(text))
    throw new WorkspaceError(
      'usage',
      `${where}: a note's uid is 1-${MAX_UID_CHARS} visible ASCII characters (got ${quoted(text ?? '')})`,
    );
  return text;
}
