import { existsSync } from 'node:fs';
import { userStorePath } from '../config/paths.js';
import { findBook } from '../core/canon/canon.js';
import type { Context } from './context.js';
import type { VerseFormat } from './render/verses.js';

/** What the workspace adds to a verse: glyphs before its text, lines (inline notes) under it. */
export interface VerseMark {
  glyphs: string;
  below: string[];
}

export const NOTES_INLINE_HELP = 'show your notes under their verses (marks: ✎ note, ★ bookmark)';

/** A verse format with the workspace's marks added (the format itself when there are none). */
export function withMarks<V extends { v: number; chapter?: number }>(
  format: VerseFormat<V>,
  mark: ((verse: V) => VerseMark | undefined) | undefined,
): VerseFormat<V> {
  if (!mark) return format;
  return (verse, label) => {
    const shown = format(verse, label);
    const m = mark(verse);
    if (!m) return shown;
    return { ...shown, text: `${m.glyphs} ${shown.text}`, below: [...(shown.below ?? []), ...m.below] };
  };
}

type Marked = {
  range: { book: number; start: { chapter: number; verse: number }; end: { chapter: number; verse: number } };
};

const pos = (chapter: number, verse: number) => chapter * 1000 + verse;
const covers = (m: Marked, chapter: number, verse: number) =>
  pos(m.range.start.chapter, m.range.start.verse) <= pos(chapter, verse) &&
  pos(chapter, verse) <= pos(m.range.end.chapter, m.range.end.verse);

/**
 * The hook `passage` and `chapter` read the workspace through: for a book, a function that
 * marks each verse with a note (✎) or a bookmark (★), and with `inline` puts each note's text
 * under the first verse of it shown. Undefined when there is no workspace yet, so reading
 * costs nothing more and never creates one.
 */
export async function verseMarks(
  ctx: Context,
  inline: boolean | undefined,
): Promise<
  ((book: string, chapter?: number) => (verse: { chapter?: number; v: number }) => VerseMark | undefined) | undefined
> {
  // The marks are for a reader: piped text is the text, unless the notes were asked for.
  if (!ctx.style.tty && !inline) return undefined;
  const path = userStorePath(ctx.env);
  if (!existsSync(path)) return undefined;
  const { UserStore } = await import('../workspace/store.js');
  let notes: Array<Marked & { text: string; id: number }>;
  let bookmarks: Marked[];
  try {
    const store = UserStore.openIfExists(path);
    if (!store) return undefined;
    try {
      notes = store.notes();
      bookmarks = store.bookmarks();
    } finally {
      store.close();
    }
  } catch (err) {
    // A broken workspace is no reason not to show the text.
    ctx.notice(`${(err as Error).message}; the verses are shown without your marks`);
    return undefined;
  }
  if (!notes.length && !bookmarks.length) return undefined;
  const shown = new Set<number>();
  const { c } = ctx.style;
  return (bookName, fixedChapter) => {
    const book = findBook(bookName)?.number;
    const bookNotes = notes.filter((n) => n.range.book === book);
    const bookMarks = bookmarks.filter((b) => b.range.book === book);
    return (verse) => {
      const chapter = verse.chapter ?? fixedChapter;
      if (chapter === undefined) return undefined;
      const here = bookNotes.filter((n) => covers(n, chapter, verse.v));
      const marked = bookMarks.some((b) => covers(b, chapter, verse.v));
      if (!here.length && !marked) return undefined;
      const below: string[] = [];
      if (inline) {
        for (const n of here) {
          if (shown.has(n.id)) continue;
          shown.add(n.id);
          below.push(...n.text.split('\n').map((line, i) => c.italic(`${i ? '  ' : '✎ '}${line}`)));
        }
      }
      return { glyphs: c.yellow(`${marked ? '★' : ''}${here.length ? '✎' : ''}`), below };
    };
  };
}
