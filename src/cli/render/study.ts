import type { IncludeValue, StudyFields } from '../../core/schemas/bible.js';
import type { Context } from '../context.js';
import type { Paint } from './style.js';
import type { VerseFormat } from './verses.js';

/** How the words the translators supplied (the KJV's italics) are shown: `--added`'s choices. */
export const ADDED_STYLES = ['italic', 'brackets', 'none'] as const;
export type AddedStyle = (typeof ADDED_STYLES)[number];

/** What the reader asked to see beside the plain text. */
export interface StudyView {
  strongs: boolean;
  red: boolean;
  /** The supplied words: italic, in brackets, or as plain text. */
  added: AddedStyle;
  headings: boolean;
  notes: boolean;
  /** --json: each verse's book named in the translation's language (include=bookName). */
  bookName?: boolean;
}

/** The `include` values a view needs from the service. */
export function includeFor(view: StudyView): IncludeValue[] {
  const out: IncludeValue[] = [];
  if (view.strongs) out.push('words');
  if (view.red) out.push('red');
  if (view.added !== 'none') out.push('added');
  if (view.headings) out.push('headings');
  if (view.notes) out.push('notes');
  if (view.bookName) out.push('bookName');
  return out;
}

/** Footnotes gathered while verses print, numbered in order, printed after the passage. */
export class NoteList {
  readonly items: Array<{ where: string; text: string }> = [];
  add(where: string, text: string): number {
    this.items.push({ where, text });
    return this.items.length;
  }
}

type StudyVerse = { text: string } & StudyFields;
type Range = { start: number; end: number };

/** Text with its supplied words in brackets ("[was]"): --added brackets, --plain included. */
export function bracketed(text: string, added: readonly Range[] = []): string {
  let out = text;
  for (const r of [...added].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, r.start)}[${out.slice(r.start, r.end)}]${out.slice(r.end)}`;
  return out;
}

/** The Strong's numbers after the words of `text` that render them (`loved<G25>`), words found in order. */
function strongsInserts(c: Paint, text: string, words: StudyFields['words'], add: (at: number, s: string) => void) {
  let cursor = 0;
  for (const w of words ?? []) {
    const at = text.indexOf(w.text, cursor);
    if (at < 0) break;
    cursor = at + w.text.length;
    if (w.strongs.length) add(cursor, c.dim(`<${w.strongs.join(' ')}>`));
  }
}

/**
 * Text cut at the places the view marks: inserts (numbers, note markers) at their offsets, the
 * words of Christ in red, the supplied words italic or in brackets.
 */
function painted(
  c: Paint,
  text: string,
  inserts: Map<number, string[]>,
  red: Range[],
  added: Range[],
  style: AddedStyle,
) {
  const edges = [...red, ...added].flatMap((r) => [r.start, r.end]);
  const cuts = [...new Set([0, text.length, ...inserts.keys(), ...edges])]
    .filter((x) => x >= 0 && x <= text.length)
    .sort((a, b) => a - b);
  const within = (ranges: Range[], a: number, b: number) => ranges.some((r) => r.start <= a && b <= r.end);
  let out = '';
  cuts.forEach((a, i) => {
    out += (inserts.get(a) ?? []).join('');
    const b = cuts[i + 1];
    if (b === undefined) return;
    let piece = text.slice(a, b);
    if (within(added, a, b)) {
      piece = style === 'brackets' ? piece : c.italic(piece);
      if (style === 'brackets' && !within(added, a - 1, a)) piece = `[${piece}`;
      if (style === 'brackets' && !within(added, b, b + 1)) piece = `${piece}]`;
    }
    out += within(red, a, b) ? c.red(piece) : piece;
  });
  return out;
}

/**
 * A verse's text as the view asks: Strong's numbers after the words that render them
 * (`loved<G25>`), note markers (`[1]`) where the notes sit, the words of Christ in red, the
 * supplied words italic or in brackets. Places come from the service as character offsets into
 * `text` (words are found in it in order; the title's words are not in it).
 */
export function studyText(c: Paint, verse: StudyVerse, view: StudyView, notes: NoteList, where: string): string {
  const { text } = verse;
  const inserts = new Map<number, string[]>();
  const add = (at: number, s: string) => inserts.set(at, [...(inserts.get(at) ?? []), s]);
  if (view.strongs)
    strongsInserts(
      c,
      text,
      verse.words?.filter((w) => !w.title),
      add,
    );
  if (view.notes) for (const n of verse.notes ?? []) add(n.at, c.dim(`[${notes.add(where, n.text)}]`));
  const red = view.red ? (verse.red ?? []) : [];
  const added = view.added === 'none' ? [] : (verse.added ?? []);
  return painted(c, text, inserts, red, added, view.added);
}

/** A verse's title as the view shows it: with the numbers of its words under --strongs. */
function titleText(c: Paint, verse: StudyVerse, view: StudyView): string[] {
  if (!verse.title) return [];
  const inserts = new Map<number, string[]>();
  const add = (at: number, s: string) => inserts.set(at, [...(inserts.get(at) ?? []), s]);
  if (view.strongs)
    strongsInserts(
      c,
      verse.title,
      verse.words?.filter((w) => w.title),
      add,
    );
  const added = view.added === 'none' ? [] : (verse.titleAdded ?? []);
  return [painted(c, verse.title, inserts, [], added, view.added)];
}

/**
 * What a view shows before a verse, styled: its title (always: it is part of the verse, in the
 * text's type with its supplied words marked, as printed), then the headings asked for (the
 * editors', in italic).
 */
export function headingsOf(c: Paint, verse: StudyVerse, view: StudyView): string[] {
  return [...titleText(c, verse, view), ...(view.headings ? (verse.headings ?? []) : []).map((h) => c.italic(h))];
}

/** The format `printVerses` takes for a view; `book` names the verses' place in the notes. */
export function studyFormat<V extends StudyVerse & { v: number; chapter?: number }>(
  c: Paint,
  view: StudyView,
  notes: NoteList,
  place: (verse: V) => string,
): VerseFormat<V> {
  return (verse) => ({
    headings: headingsOf(c, verse, view),
    text: studyText(c, verse, view, notes, place(verse)),
  });
}

/** The notes gathered, numbered, after the passage. */
export function printNotes(ctx: Context, notes: NoteList): void {
  if (!notes.items.length) return;
  ctx.out.line();
  notes.items.forEach((n, i) => {
    const label = `[${i + 1}]`;
    ctx.out.line(ctx.style.wrap(`${ctx.style.c.dim(label)} ${n.where}: ${n.text}`, label.length + 1, 0));
  });
}
