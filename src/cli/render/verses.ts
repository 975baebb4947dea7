import type { Context } from '../context.js';

/** What the workspace adds to a verse: glyphs after its number, lines (inline notes) under it. */
export interface VerseMark {
  glyphs: string;
  below: string[];
}

/** Verses, one to a line: the number dimmed, the text wrapped under itself on a terminal. */
export function printVerses(
  ctx: Context,
  verses: Array<{ v: number; text: string; chapter?: number }>,
  showChapter = false,
  mark?: (verse: { v: number; chapter?: number }) => VerseMark | undefined,
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
    const m = mark?.(verse);
    ctx.out.line(wrap(`${c.dim(label)} ${m ? `${m.glyphs} ` : ''}${verse.text}`, pad, 0));
    for (const line of m?.below ?? []) ctx.out.line(wrap(`${' '.repeat(pad)}${line}`, pad + 2, 0));
  }
}

export function heading(ctx: Context, text: string): void {
  ctx.out.line(ctx.style.c.bold(text));
}
