import { missingStudyFields } from '../../client/client.js';
import { NotFoundError } from '../../client/errors.js';
import type { IncludeValue, StudyFields } from '../../core/schemas/bible.js';
import type { Context } from '../context.js';
import { serviceNamed } from '../extension.js';
import { includeFor, type StudyView } from '../render/study.js';
import { translationLanguage } from '../translation-language.js';
import type { TranslationOptions } from './bible.js';

/** Commander's collector for `-t`: `-t kjv,web` and `-t kjv -t web` both ask for both. */
export function collectIds(value: string, previous: string | string[] | undefined): string[] {
  const before = previous === undefined ? [] : Array.isArray(previous) ? previous : [previous];
  return [
    ...before,
    ...value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

/** The translations asked for, in order (duplicates once), else the default one. */
export async function translationIds(ctx: Context, opts: TranslationOptions): Promise<string[]> {
  const asked = opts.translation === undefined ? [] : collectIds('', opts.translation);
  if (!asked.length) return [await ctx.resourceId('bible', undefined)];
  // Through resourceId, so a wrong id gets the list of translations and the nearest.
  const unique = [...new Map(asked.map((id) => [id.toLowerCase(), id])).values()];
  return Promise.all(unique.map((id) => ctx.resourceId('bible', id)));
}

/**
 * What to show beside the text. The words of Christ are red where colour is on (a terminal,
 * or FORCE_COLOR), unless --no-red-letter or the `redLetter` setting is off; --json carries
 * only what was asked for by name.
 */
export function studyViewOf(ctx: Context, opts: TranslationOptions): StudyView {
  // bookName: set by localNames, once the translations are known.
  const redSetting = ctx.config.redLetter !== 'off';
  return {
    strongs: !!opts.strongs,
    headings: !!opts.headings,
    notes: !!opts.notes,
    red: !ctx.globals.json && ctx.style.color && opts.redLetter !== false && redSetting,
    // Italic where there is colour to show it; in brackets or plain only when asked (--plain has no colour).
    added: opts.added ?? (!ctx.globals.json && !opts.plain && ctx.style.color ? 'italic' : 'none'),
  };
}

const FEATURES: Record<IncludeValue, string> = {
  words: "Strong's numbers (include=words)",
  red: 'the words of Christ (include=red)',
  added: "the translators' supplied words (include=added)",
  headings: 'headings (include=headings)',
  notes: 'notes (include=notes)',
  bookName: "book names in the translation's language (include=bookName)",
};

/**
 * A service without the extension ignores `include` and answers plain verses. What the reader
 * asked for by name is then an error saying so; red letters and italics, on by default, are left off.
 */
export function checkStudyFields(
  ctx: Context,
  view: StudyView,
  verses: StudyFields[],
  opts: Pick<TranslationOptions, 'added'> = {},
): void {
  const missing = missingStudyFields(verses, includeFor(view));
  if (missing.includes('red')) view.red = false;
  // bookName is asked for every --json of a translation with names of its own, not by name: a
  // service without it is said to lack it, and the JSON keeps the canon's English names.
  if (missing.includes('bookName')) ctx.notice(`${serviceNamed(ctx)} does not offer ${FEATURES.bookName}`);
  const byDefault = new Set(['red', 'bookName', ...(opts.added ? [] : ['added'])]);
  if (missing.includes('added') && !opts.added) view.added = 'none';
  const named = missing.filter((m) => !byDefault.has(m));
  if (!named.length) return;
  const message = `${serviceNamed(ctx)} does not offer ${named.map((m) => FEATURES[m]).join(', ')}`;
  throw new NotFoundError(404, 'NOT_FOUND', message, { success: false, error: { code: 'NOT_FOUND', message } });
}

/**
 * --json with a translation in a language of its own (the RV1909): each verse also carries its
 * book's name in that language (include=bookName), beside the contract's English `book`.
 */
export async function withLocalNames(ctx: Context, view: StudyView, translations: readonly string[]): Promise<void> {
  if (!ctx.globals.json) return;
  for (const id of translations) if (await translationLanguage(ctx, id)) view.bookName = true;
}
