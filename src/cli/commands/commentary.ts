import type { Command } from 'commander';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { agreedId } from '../named-translation.js';
import { present } from '../present.js';
import { bookAlone, oneReference } from '../references.js';

const USAGE = 'commentary takes one chapter (John 3) or one verse (John 3:16)';

import type { Factory } from '../factory.js';
import { heading } from '../render/verses.js';

/** Consecutive verses with one note, shown once under their range. */
export function groupRuns(
  entries: Array<{ verse: number; text: string }>,
): Array<{ from: number; to: number; text: string }> {
  const runs: Array<{ from: number; to: number; text: string }> = [];
  for (const e of entries) {
    const last = runs[runs.length - 1];
    if (last && last.text === e.text && last.to === e.verse - 1) last.to = e.verse;
    else runs.push({ from: e.verse, to: e.verse, text: e.text });
  }
  return runs;
}

/**
 * The library keeps libsword's `*…*` around highlighted words (as diatheke prints them); shown
 * here in italics on a terminal and as the bare words in a pipe, never as raw asterisks.
 */
export function emphasis(text: string, italic: (s: string) => string): string {
  return text.replace(/\*([^*\n]+)\*/g, (_m, inner: string) => italic(inner));
}

function printNote(ctx: Context, title: string, text: string): void {
  heading(ctx, title);
  for (const para of text.split('\n')) ctx.out.line(ctx.style.wrap(emphasis(para, ctx.style.c.italic)));
}

/** `bible commentary`: the words of one chapter or verse, and the commentary (-c). */
export interface CommentaryOptions {
  ref: string[];
  commentary?: string;
}

/**
 * "bible commentary mhcc John 3:16", as a translation is named in a reference: a first word that
 * is no book but a commentary's id is read as `-c` (or refused when `-c` names another).
 */
async function commentaryNamedFirst(opts: CommentaryOptions, ctx: Context): Promise<CommentaryOptions> {
  const [first, ...rest] = opts.ref;
  if (!first || !rest.length || bookAlone(first) || !/^[\w-]+$/.test(first)) return opts;
  const ids = (await (await ctx.client()).catalog()).commentaries.map((c) => c.id.toLowerCase());
  if (!ids.includes(first.toLowerCase())) return opts;
  return { ref: rest, commentary: agreedId(first, opts.commentary, '-c') };
}

export async function runCommentary(given: CommentaryOptions, ctx: Context): Promise<void> {
  const opts = await commentaryNamedFirst(given, ctx);
  const ref = await oneReference(opts.ref, USAGE);
  const wholeChapter = ref.start.verse === 1 && ref.end.verse === ref.book.verseCounts[ref.end.chapter - 1];
  if (ref.start.chapter !== ref.end.chapter) throw usageError(USAGE);
  const client = await ctx.client();
  const id = await ctx.resourceId('commentaries', opts.commentary);
  if (wholeChapter && ref.start.verse !== ref.end.verse) {
    const data = await client.commentaryChapter(id, ref.book.name, ref.start.chapter);
    return present(ctx, data, () =>
      groupRuns(data.entries).forEach((run, i) => {
        if (i > 0) ctx.out.line();
        const range = run.from === run.to ? `${run.from}` : `${run.from}-${run.to}`;
        printNote(ctx, `${data.book} ${data.chapter}:${range}`, run.text);
      }),
    );
  }
  if (ref.start.verse !== ref.end.verse) throw usageError(USAGE);
  const data = await client.commentaryVerse(id, ref.book.name, ref.start.chapter, ref.start.verse);
  await present(ctx, data, () => printNote(ctx, `${data.book} ${data.chapter}:${data.verse} (${data.id})`, data.text));
}

export function registerCommentary(program: Command, f: Factory): void {
  program
    .command('commentary')
    .description('commentary on a chapter (John 3) or a verse (John 3:16)')
    .argument('<ref...>', 'a chapter or a verse')
    .option('-c, --commentary <id>', 'commentary id (default: config, else the first in the catalog)')
    .action(async (ref: string[], opts: Omit<CommentaryOptions, 'ref'>) =>
      runCommentary({ ...opts, ref }, await f.context()),
    );
}
