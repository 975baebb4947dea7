import { stripVTControlCharacters } from 'node:util';
import type { StudyFields } from '../../core/schemas/bible.js';
import type { Context } from '../context.js';
import { headingsOf, type NoteList, type StudyView, studyText } from './study.js';

/** Side by side only where each column still gets a readable width. */
export const SIDE_BY_SIDE_MIN_WIDTH = 100;

type ParallelVerse = { v: number; chapter?: number; text: string; at?: { chapter: number; v: number } } & StudyFields;

export interface ParallelColumn {
  translation: string;
  verses: ParallelVerse[];
}

const visible = (s: string) => stripVTControlCharacters(s).length;

/** Where a verse falls in the first translation's numbering, as one number (chapter × 1000 + verse). */
const keyOf = (v: ParallelVerse) => (v.at ? v.at.chapter * 1000 + v.at.v : (v.chapter ?? 0) * 1000 + v.v);

/**
 * Each column's verses by row key. A translation numbered otherwise (`at`, from the service's
 * versification mapping) may put two of its verses on one row (the Vulgate's psalm titles): they
 * are joined, each after its own number, and lose their study fields, whose offsets were each one's.
 */
function rowsOf(verses: ParallelVerse[]): Map<number, ParallelVerse> {
  const rows = new Map<number, ParallelVerse[]>();
  for (const v of verses) rows.set(keyOf(v), [...(rows.get(keyOf(v)) ?? []), v]);
  const own = (v: ParallelVerse) => `${v.chapter === undefined ? '' : `${v.chapter}:`}${v.v}`;
  const moved = (v: ParallelVerse) => v.at !== undefined && (v.at.chapter !== v.chapter || v.at.v !== v.v);
  return new Map(
    [...rows].map(([key, list]) => {
      const first = list[0] as ParallelVerse;
      if (list.length === 1 && !moved(first)) return [key, first];
      const text = list.map((v) => (moved(v) || list.length > 1 ? `[${own(v)}] ${v.text}` : v.text)).join(' ');
      return [key, { chapter: first.chapter, v: first.v, at: first.at, text }];
    }),
  );
}

/**
 * Verses of several translations aligned by verse: the union of their verse keys in order, so
 * a verse one translation lacks (WEB has no Acts 8:37) shows as absent rather than shifting
 * the rest. A translation numbered otherwise than the first (Synodal's Psalm 50 is the KJV's
 * 51) is aligned by where each verse falls in the first's numbering, its own number shown. On a terminal at least SIDE_BY_SIDE_MIN_WIDTH wide, one column per translation;
 * otherwise interleaved, each verse's translations one after another with their ids.
 */
export async function printParallel(
  ctx: Context,
  columns: ParallelColumn[],
  view: StudyView,
  notes: NoteList,
  showChapter: boolean,
  place: (verse: ParallelVerse) => string,
): Promise<void> {
  const { c } = ctx.style;
  const keys = [...new Set(columns.flatMap((col) => col.verses.map(keyOf)))].sort((a, b) => a - b);
  const byKey = columns.map((col) => rowsOf(col.verses));
  const labelOf = (key: number) => (showChapter ? `${Math.floor(key / 1000)}:${key % 1000}` : String(key % 1000));
  const absent = c.dim('(absent)');
  const shown = (i: number, key: number) => {
    const verse = byKey[i]?.get(key);
    return verse
      ? studyText(c, verse, view, notes, `${place(verse)} ${columns[i]?.translation.toUpperCase()}`)
      : absent;
  };
  const labelWidth = Math.max(...keys.map((k) => labelOf(k).length));

  if (ctx.style.tty && ctx.style.width >= SIDE_BY_SIDE_MIN_WIDTH) {
    // wrap-ansi only on a terminal, as style.ts loads it.
    const wrapAnsi = (await import('wrap-ansi')).default;
    const gap = 2;
    const width = Math.floor((ctx.style.width - labelWidth - 1 - gap * (columns.length - 1)) / columns.length);
    const pad = (s: string) => s + ' '.repeat(Math.max(0, width - visible(s)));
    const row = (label: string, cells: string[][]) => {
      const height = Math.max(...cells.map((cell) => cell.length));
      for (let line = 0; line < height; line++) {
        const first = line === 0 ? c.dim(label.padStart(labelWidth)) : ' '.repeat(labelWidth);
        const parts = cells.map((cell) => pad(cell[line] ?? ''));
        ctx.out.line(`${first} ${parts.join(' '.repeat(gap))}`.trimEnd());
      }
    };
    row(
      '',
      columns.map((col) => [c.bold(col.translation.toUpperCase())]),
    );
    for (const key of keys) {
      const cells = columns.map((_, i) => {
        const verse = byKey[i]?.get(key);
        const before = verse ? headingsOf(c, verse, view) : [];
        return [...before, shown(i, key)].flatMap((t) => wrapAnsi(t, width, { hard: true }).split('\n'));
      });
      row(labelOf(key), cells);
    }
    return;
  }

  const idWidth = Math.max(...columns.map((col) => col.translation.length));
  for (const key of keys) {
    columns.forEach((col, i) => {
      const verse = byKey[i]?.get(key);
      if (verse) for (const h of headingsOf(c, verse, view)) ctx.out.line(h);
      // The label's padding goes in as the first line's indent: wrapping trims a line's leading spaces.
      const label = i === 0 ? `${c.dim(labelOf(key))} ` : '';
      const pad = i === 0 ? labelWidth - labelOf(key).length : labelWidth + 1;
      const id = col.translation.toUpperCase().padEnd(idWidth);
      ctx.out.line(ctx.style.wrap(`${label}${c.bold(id)} ${shown(i, key)}`, labelWidth + idWidth + 2, pad));
    });
  }
}
