import type { Context } from '../context.js';

/** Verses, one to a line: the number dimmed, the text wrapped under itself on a terminal. */
export function printVerses(
  ctx: Context,
  verses: Array<{ v: number; text: string; chapter?: number }>,
  showChapter = false,
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
    ctx.out.line(wrap(`${c.dim(label)} ${verse.text}`, pad, 0));
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
