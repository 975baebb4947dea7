import type { Command } from 'commander';
import type { Exchange } from '../../workspace/exchange/exchange.js';
import { EXCHANGE_FORMATS } from '../../workspace/exchange/format-names.js';
import type { PassageText } from '../../workspace/exchange/markdown.js';
import type { Context } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import { choiceOption } from '../flags.js';
import { InputTooLargeError, readAll } from '../io.js';
import { present } from '../present.js';
import { plural, readUserStore, withUserStore } from '../workspace.js';

/** The --format of export and import. */
interface FormatOption {
  format?: string;
}

/** `bible export`: where to (stdout when no file or `-`), the format and the verse text's translation. */
interface ExportOptions extends FormatOption {
  file?: string;
  translation?: string;
}

/** The verse text of every reference in the export, from the library or service in use. */
async function passageTexts(
  ctx: Context,
  x: Exchange,
  translation: string | undefined,
): Promise<Map<string, PassageText>> {
  const { rangeText } = await import('../../workspace/store.js');
  const refs = [...new Set([...x.notes, ...x.bookmarks].map((i) => rangeText(i.range)))];
  const texts = new Map<string, PassageText>();
  if (!refs.length) return texts;
  const { fetchPassages, referencesFromArgs } = await import('../references.js');
  const client = await ctx.client();
  const id = await ctx.resourceId('bible', translation);
  const data = await fetchPassages(client, id, await referencesFromArgs(refs));
  for (const [i, p] of data.passages.entries()) {
    texts.set(refs[i] as string, { translation: data.translation, verses: p.verses, attribution: data.attribution });
  }
  return texts;
}

export async function runExport(opts: ExportOptions, ctx: Context): Promise<void> {
  const { file } = opts;
  const { exchangeFormat, exchangeOf } = await import('../../workspace/exchange/exchange.js');
  const { writeExchange } = await import('../../workspace/exchange/formats.js');
  const toStdout = file === undefined || file === '-';
  const format = exchangeFormat(opts.format ?? (toStdout ? (ctx.globals.json ? 'json' : 'md') : undefined), file);
  if (toStdout && ctx.globals.json && format !== 'json')
    throw usageError('--json on stdout is the json format: give a file for md or csv');
  const { exportTarget } = await import('../../workspace/regular-file.js');
  // Before any work: a path that cannot be written costs nothing.
  const target = toStdout ? undefined : exportTarget(file);
  const x = await readUserStore(ctx, exchangeOf, { notes: [], bookmarks: [] });
  const texts = format === 'md' ? await passageTexts(ctx, x, opts.translation) : new Map();
  const text = writeExchange(format, x, texts);
  if (target === undefined) {
    ctx.io.stdout.write(text);
    return;
  }
  const { writeFileAtomic } = await import('../../workspace/atomic-file.js');
  writeFileAtomic(target, text);
  const summary = { file, format, notes: x.notes.length, bookmarks: x.bookmarks.length };
  await present(ctx, summary, () =>
    ctx.io.stdout.write(
      `Exported ${plural(summary.notes, 'note')} and ${plural(summary.bookmarks, 'bookmark')} to ${file} (${format})\n`,
    ),
  );
}

/** The import's text: stdin, or a regular file; either refused past the size an export can have. */
async function readImport(file: string, ctx: Context): Promise<string> {
  const { MAX_IMPORT_BYTES } = await import('../../workspace/exchange/formats.js');
  if (file === '-') {
    try {
      return await readAll(ctx.io.stdin, MAX_IMPORT_BYTES);
    } catch (err) {
      if (err instanceof InputTooLargeError) throw usageError('stdin: larger than an export can be (50 MB)');
      throw err;
    }
  }
  const { readRegularFile } = await import('../../workspace/regular-file.js');
  try {
    return readRegularFile(file, MAX_IMPORT_BYTES, 'an export');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (typeof code !== 'string') throw err;
    throw new CliError(`cannot read ${file} (${code})`, EXIT.FAILURE);
  }
}

/** `bible import`: the file (or `-`), its format, and whether notes deleted here come back. */
interface ImportOptions extends FormatOption {
  file: string;
  restore?: boolean;
}

export async function runImport(opts: ImportOptions, ctx: Context): Promise<void> {
  const { file } = opts;
  const { exchangeFormat } = await import('../../workspace/exchange/exchange.js');
  const { readExchange } = await import('../../workspace/exchange/formats.js');
  const format = exchangeFormat(opts.format, file === '-' ? undefined : file);
  const text = await readImport(file, ctx);
  const x = readExchange(format, text, file === '-' ? 'stdin' : file);
  const { nowFrom } = await import('../../workspace/local-date.js');
  const now = nowFrom(ctx.env);
  const report = await withUserStore(ctx, (s) => s.merge(x, { now, restore: opts.restore }));
  const deleted = report.notesDeletedHere
    ? `; ${plural(report.notesDeletedHere, 'note')} deleted here left out (--restore brings them back)`
    : '';
  await present(ctx, report, () =>
    ctx.io.stdout.write(
      `Imported ${plural(report.notesAdded, 'new note')} (${report.notesUpdated} updated, ${report.notesSkipped} already here) and ${plural(report.bookmarksAdded, 'new bookmark')} (${report.bookmarksMerged} already here)${deleted}\n`,
    ),
  );
}

/** Commander reads --format as typed: exchangeFormat takes any case and `markdown`, and says what is wrong. */
const formatOption = (description: string) =>
  choiceOption('--format <format>', description, EXCHANGE_FORMATS, { passOn: true });

export function registerExchange(program: Command, f: Factory): void {
  program
    .command('export')
    .description('export notes and bookmarks: Markdown (with verse text), JSON or CSV')
    .argument('[file]', 'where to write (default: stdout); the extension names the format')
    .addOption(formatOption('md, json or csv (default: the extension, else md)'))
    .option('-t, --translation <id>', 'translation of the verse text in Markdown')
    .action(async (file: string | undefined, opts: ExportOptions) => runExport({ ...opts, file }, await f.context()));
  program
    .command('import')
    .description('merge notes and bookmarks from an export (md, json or csv), never duplicating')
    .argument('<file>', 'the export file, or - for stdin (with --format)')
    .addOption(formatOption('md, json or csv (default: the extension)'))
    .option('--restore', 'bring back notes deleted here that the file still holds')
    .action(async (file: string, opts: Omit<ImportOptions, 'file'>) => runImport({ ...opts, file }, await f.context()));
}
