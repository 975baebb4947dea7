import type { Command } from 'commander';
import { GENBOOK_DEPTH_MAX, genbookKeyIssue } from '../../core/limits.js';
import type { GenBookContents, GenBookLink, GenBookSection } from '../../core/schemas/genbooks.js';
import { quoted } from '../../core/text/quoted.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { EXTENSIONS, extension } from '../extension.js';
import type { Factory } from '../factory.js';
import { wholeNumber } from '../flags.js';
import { fetchPages, parseLimit, parseOffset } from '../paging.js';
import { present } from '../present.js';
import { printTable } from '../render/table.js';
import { heading } from '../render/verses.js';

/**
 * A section key as a user types it: the leading `/` may be left out and a trailing one is
 * dropped ("Part One/Chapter 1" is "/Part One/Chapter 1"); a malformed one is a usage error.
 */
export function sectionKey(typed: string): string {
  const key = `/${typed.trim().replace(/^\/+|\/+$/g, '')}`;
  const issue = genbookKeyIssue(key);
  if (issue) throw usageError(`the section key ${quoted(typed)} ${issue}`);
  return key;
}

export async function runGenBookList(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const data = await extension(ctx, EXTENSIONS.genbooks, () => client.genbooks());
  await present(
    ctx,
    data,
    async () => {
      if (!data.genbooks.length)
        ctx.out.line(
          'No general books in this library: a SWORD RawGenBook module installed adds one (docs/genbooks.md).',
        );
      else
        await printTable(
          ctx,
          ['Id', 'Name', 'Sections'],
          data.genbooks.map((b) => [b.id, b.name, b.sections]),
        );
    },
    { attribution: data.genbooks.map((b) => b.attribution) },
  );
}

export interface TocOptions {
  genbook: string;
  key?: string;
  depth?: number;
  limit?: number | 'all';
  offset?: number;
}

export async function runGenBookToc(opts: TocOptions, ctx: Context): Promise<void> {
  // `/` (or nothing) is the whole book.
  const key = opts.key === undefined || /^\s*\/*\s*$/.test(opts.key) ? undefined : sectionKey(opts.key);
  const client = await ctx.client();
  const page = await extension(ctx, EXTENSIONS.genbookContents, () =>
    fetchPages(
      async (limit, offset) => {
        const contents = await client.genbookContents(opts.genbook, { key, depth: opts.depth, limit, offset });
        return { ...contents, results: contents.sections };
      },
      (contents) => contents.total,
      opts.limit === 'all' ? undefined : opts.limit,
      opts.offset ?? 0,
    ),
  );
  const { results, ...rest } = page;
  const data: GenBookContents = { ...rest, sections: results };
  await present(ctx, data, () => printContents(ctx, data));
}

function printContents(ctx: Context, data: GenBookContents): void {
  const { c, tty } = ctx.style;
  heading(ctx, data.key === '/' ? data.name : `${data.name}: ${data.key}`);
  const top = data.sections.reduce((least, s) => Math.min(least, s.depth), Number.POSITIVE_INFINITY);
  // On a terminal the tree, indented; piped, each section's key, for `bible genbook read`.
  for (const s of data.sections)
    ctx.out.line(tty ? `${'  '.repeat(s.depth - top)}${s.chars ? s.name : c.dim(s.name)}` : s.key);
  const shownTo = data.offset + data.sections.length;
  if (!data.sections.length) ctx.out.line(c.dim('(no sections below it)'));
  else if (data.total > shownTo)
    ctx.out.line(c.dim(`${data.offset + 1}-${shownTo} of ${data.total}; --offset ${shownTo} shows the next`));
}

export async function runGenBookRead(opts: { genbook: string; key: string }, ctx: Context): Promise<void> {
  const key = sectionKey(opts.key);
  const client = await ctx.client();
  const data = await extension(ctx, EXTENSIONS.genbookSection, () => client.genbookSection(opts.genbook, key));
  await present(ctx, data, () => printSection(ctx, data));
}

function printSection(ctx: Context, s: GenBookSection): void {
  const { c, wrap } = ctx.style;
  heading(ctx, s.path.join(' › '));
  ctx.out.line();
  if (s.text) for (const para of s.text.split('\n')) ctx.out.line(wrap(para));
  else ctx.out.line(c.dim('(this section holds only the sections below)'));
  const shown = (label: string, l: GenBookLink | null) => l && ctx.out.line(c.dim(`${label}: ${l.key}`));
  ctx.out.line();
  if (s.children.length) {
    ctx.out.line(c.dim(`Sections (${s.childCount}):`));
    for (const child of s.children) ctx.out.line(c.dim(`  ${child.key}`));
    if (s.childCount > s.children.length) ctx.out.line(c.dim(`  … bible genbook toc ${s.id} ${quoted(s.key)}`));
  }
  shown('Up', s.parent);
  shown('Previous', s.previous);
  shown('Next', s.next);
}

const depthNumber = wholeNumber(
  (text) => `--depth must be a number from 1 to ${GENBOOK_DEPTH_MAX} (got ${quoted(text)})`,
  {
    min: 1,
    max: GENBOOK_DEPTH_MAX,
    pattern: /^\d{1,3}$/,
  },
);

export function registerGenBook(program: Command, f: Factory): void {
  const genbook = program
    .command('genbook')
    .alias('genbooks')
    .description("general books (SWORD's Josephus, Church Fathers, Pilgrim's Progress…): list, toc, read");
  genbook
    .command('list', { isDefault: true })
    .alias('ls')
    .description('the general books in the library')
    .action(async () => runGenBookList(await f.context()));
  genbook
    .command('toc')
    .alias('contents')
    .description("a book's sections as a tree, or those under a section key")
    .argument('<genbook>', 'general book id (bible genbook list)')
    .argument('[key]', 'a section key: /Part One/Chapter 1 (default: the whole book)')
    .option('--depth <n>', `levels below the key to show (1-${GENBOOK_DEPTH_MAX}, default all)`, depthNumber)
    .option('--limit <n>', 'sections to show, or all (default all)', parseLimit)
    .option('--offset <n>', 'sections to skip', parseOffset)
    .action(async (id: string, key: string | undefined, opts: Omit<TocOptions, 'genbook' | 'key'>) =>
      runGenBookToc({ ...opts, genbook: id, key }, await f.context()),
    );
  genbook
    .command('read')
    .alias('section')
    .description('one section: its text, where it sits, the sections before and after')
    .argument('<genbook>', 'general book id (bible genbook list)')
    .argument('<key>', 'the section key, as toc lists it: /Part One/Chapter 1')
    .action(async (id: string, key: string) => runGenBookRead({ genbook: id, key }, await f.context()));
}
