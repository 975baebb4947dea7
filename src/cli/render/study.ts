import type { IncludeValue, StudyFields } from '../../core/schemas/bible.js';
import type { Context } from '../context.js';
import type { Paint } from './style.js';
import type { VerseFormat } from './verses.js';

/** What the reader asked to see beside the plain text. */
export interface StudyView {
  strongs: boolean;
  red: boolean;
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

/**
 * A verse's text as the view asks: Strong's numbers after the words that render them
 * (`loved<G25>`), note markers (`[1]`) where the notes sit, the words of Christ in red. Places
 * come from the service as character offsets into `text` (words are found in it in order).
 */
export function studyText(c: Paint, verse: StudyVerse, view: StudyView, notes: NoteList, where: string): string {
  const { text } = verse;
  const inserts = new Map<number, string[]>();
  const add = (at: number, s: string) => inserts.set(at, [...(inserts.get(at) ?? []), s]);
  if (view.strongs) {
    let cursor = 0;
    for (const w of verse.words ?? []) {
      const at = text.indexOf(w.text, cursor);
      if (at < 0) break;
      cursor = at + w.text.length;
      if (w.strongs.length) add(cursor, c.dim(`<${w.strongs.join(' ')}>`));
    }
  }
  if (view.notes) for (const n of verse.notes ?? []) add(n.at, c.dim(`[${notes.add(where, n.text)}]`));
  const red = view.red ? (verse.red ?? []) : [];
  const cuts = [...new Set([0, text.length, ...inserts.keys(), ...red.flatMap((r) => [r.start, r.end])])]
    .filter((x) => x >= 0 && x <= text.length)
    .sort((a, b) => a - b);
  let out = '';
  cuts.forEach((a, i) => {
    out += (inserts.get(a) ?? []).join('');
    const b = cuts[i + 1];
    if (b === undefined) return;
    const piece = text.slice(a, b);
    out += red.some((r) => r.start <= a && b <= r.end) ? c.red(piece) : piece;
  });
  return out;
}

/** The headings a view shows before a verse. */
export function headingsOf(verse: StudyFields, view: StudyView): string[] {
  return view.headings ? (verse.headings ?? []) : [];
}

/** The format `printVerses` takes for a view; `book` names the verses' place in the notes. */
export function studyFormat<V extends StudyVerse & { v: number; chapter?: number }>(
  c: Paint,
  view: StudyView,
  notes: NoteList,
  place: (verse: V) => string,
): VerseFormat<V> {
  return (verse) => ({
    headings: headingsOf(verse, view),
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
