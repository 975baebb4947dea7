import { readFileSync, statSync } from 'node:fs';
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
  const x = await readUserStore(ctx, exchangeOf, { notes: [], bookmarks: [] });
  const texts = format === 'md' ? await passageTexts(ctx, x, opts.translation) : new Map();
  const text = writeExchange(format, x, texts);
  if (toStdout) {
    ctx.io.stdout.write(text);
    return;
  }
  const { writeFileAtomic } = await import('../../workspace/atomic-file.js');
  writeFileAtomic(file, text);
  const summary = { file, format, notes: x.notes.length, bookmarks: x.bookmarks.length };
  await present(ctx, summary, () =>
    ctx.io.stdout.write(
      `Exported ${plural(summary.notes, 'note')} and ${plural(summary.bookmarks, 'bookmark')} to ${file} (${format})\n`,
    ),
  );
}

/** The import's text, refused unread past the size an export can have (a wrong file costs nothing). */
async function readImport(file: string, ctx: Context): Promise<string> {
  const { MAX_IMPORT_BYTES } = await import('../../workspace/exchange/formats.js');
  const tooBig = () => usageError(`${file === '-' ? 'stdin' : file}: larger than an export can be (50 MB)`);
  if (file === '-') {
    try {
      return await readAll(ctx.io.stdin, MAX_IMPORT_BYTES);
    } catch (err) {
      throw err instanceof InputTooLargeError ? tooBig() : err;
    }
  }
  try {
    if (statSync(file).size > MAX_IMPORT_BYTES) throw tooBig();
    return readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(
      `cannot read ${file}${code ? ` (${code})` : ''}`,
      code === 'ENOENT' ? EXIT.NOT_FOUND : EXIT.FAILURE,
    );
  }
}

export async function runImport(opts: FormatOption & { file: string }, ctx: Context): Promise<void> {
  const { file } = opts;
  const { exchangeFormat } = await import('../../workspace/exchange/exchange.js');
  const { readExchange } = await import('../../workspace/exchange/formats.js');
  const format = exchangeFormat(opts.format, file === '-' ? undefined : file);
  const text = await readImport(file, ctx);
  const x = readExchange(format, text, file === '-' ? 'stdin' : file);
  const report = await withUserStore(ctx, (s) => s.merge(x));
  await present(ctx, report, () =>
    ctx.io.stdout.write(
      `Imported ${plural(report.notesAdded, 'new note')} (${report.notesUpdated} updated, ${report.notesSkipped} already here) and ${plural(report.bookmarksAdded, 'new bookmark')} (${report.bookmarksMerged} already here)\n`,
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
    .action(async (file: string, opts: FormatOption) => runImport({ ...opts, file }, await f.context()));
}
