import type { Context } from '../context.js';

/**
 * A verse's text as shown, the headings before it, styled (study views; see render/study.ts), and lines
 * under it (the reader's own notes; see verse-marks.ts).
 */
export type VerseFormat<V> = (verse: V, label: string) => { headings: string[]; text: string; below?: string[] };

/** Verses, one to a line: the number dimmed, the text wrapped under itself on a terminal. */
export function printVerses<V extends { v: number; text: string; chapter?: number }>(
  ctx: Context,
  verses: V[],
  showChapter = false,
  format: VerseFormat<V> = (verse) => ({ headings: [], text: verse.text }),
): void {
  const { c, wrap } = ctx.style;
  let chapter: number | undefined;
  for (const verse of verses) {
    if (showChapter && verse.chapter !== undefined && verse.chapter !== chapter) {
      if (chapter !== undefined) ctx.out.line();
      chapter = verse.chapter;
    }
    const label = showChapter && verse.chapter !== undefined ? `${verse.chapter}:${verse.v}` : String(verse.v);
    const pad = label.length + 1;
    const shown = format(verse, label);
    for (const h of shown.headings) ctx.out.line(wrap(h, 0, 0));
    ctx.out.line(wrap(`${c.dim(label)} ${shown.text}`, pad, 0));
    for (const line of shown.below ?? []) ctx.out.line(wrap(`${' '.repeat(pad)}${line}`, pad + 2, 0));
  }
}

export function heading(ctx: Context, text: string): void {
  ctx.out.line(ctx.style.c.bold(text));
}

/** Passages each under its reference in bold, a blank line before each (crossrefs, topic and story --text). */
export function printPassages(
  ctx: Context,
  passages: Array<{ ref: string; verses: Array<{ v: number; text: string; chapter?: number }> }>,
): void {
  for (const p of passages) {
    ctx.out.line();
    ctx.out.line(ctx.style.c.bold(p.ref));
    printVerses(ctx, p.verses, new Set(p.verses.map((v) => v.chapter)).size > 1);
  }
}
