import { type Command, Option } from 'commander';
import { libraryPath } from '../../config/paths.js';
import type { LibraryStatus } from '../../library/status.js';
import type { Context } from '../context.js';
import type { Factory } from '../factory.js';
import { present } from '../present.js';
import { importProgress } from '../progress.js';
import { registerLibraryInstall } from './library-install.js';

function formatBytes(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} kB`;
}

/** Rebuilds the library; prints a summary (or the report as JSON). */
export async function runLibraryImport(ctx: Context): Promise<void> {
  const { importInChild } = await import('../import-child.js');
  const path = libraryPath(ctx.env);
  ctx.notice(`importing the library into ${path} (about a minute; Ctrl-C stops it and keeps the old one)`);
  try {
    const report = await importInChild(path, ctx.env, importProgress(ctx.io, ctx.globals.quiet));
    ctx.notice(`library imported in ${report.seconds.toFixed(1)} s`);
    await present(ctx, report, () => {
      if (ctx.globals.quiet) return;
      const out = ctx.io.stdout;
      for (const s of report.sources) {
        out.write(`${s.resource.padEnd(30)} ${s.count.toLocaleString('en-US').padStart(8)}  ${s.source}\n`);
        for (const note of s.notes ?? []) out.write(`${''.padEnd(30)}          ${note}\n`);
      }
      out.write(`\n${path} (${formatBytes(report.bytes)}, ${report.seconds.toFixed(1)} s)\n`);
    });
  } catch (err) {
    ctx.notice('import failed; the previous library is unchanged');
    throw err;
  }
}

/** Prints what the library holds, what sources exist, and what is missing. */
export async function runLibraryStatus(ctx: Context): Promise<void> {
  const { libraryStatus } = await import('../../library/status.js');
  await present(ctx, libraryStatus(libraryPath(ctx.env), ctx.env), (status) => printStatus(status, ctx.io.stdout));
}

function printStatus(status: LibraryStatus, out: NodeJS.WritableStream): void {
  out.write(`Library: ${status.path}`);
  out.write(
    status.exists
      ? ` (${formatBytes(status.bytes)}, imported ${status.importedAt})\n`
      : ' (not built yet: run `bible library import`)\n',
  );
  if (status.resources.length) {
    out.write('\nResources:\n');
    for (const r of status.resources) {
      out.write(
        `  ${r.id.padEnd(16)} ${r.kind.padEnd(11)} ${r.count.toLocaleString('en-US').padStart(7)}  ${r.name}  [${r.source}]\n`,
      );
    }
  }
  out.write(
    `\nSWORD libraries searched: ${status.swordRoots.length ? status.swordRoots.join(', ') : '(none found)'}\n`,
  );
  if (status.found.length) out.write(`SWORD modules found: ${status.found.join(', ')}\n`);
  for (const s of status.skipped) out.write(`Skipped ${s.name} (${s.root}): ${s.reason}\n`);
  if (status.missing.length) {
    out.write('\nMissing sources:\n');
    for (const m of status.missing) out.write(`  ${m.module.padEnd(14)} ${m.what} (Debian package ${m.debian})\n`);
    out.write(`To add them: ${status.installHint}.\n`);
  }
  if (status.exists && status.changedSinceImport) {
    out.write('\nInstalled SWORD modules changed since the last import: run `bible library import`.\n');
  }
}

export function registerLibrary(program: Command, f: Factory): void {
  const library = program.command('library').description('build and inspect the local library');
  library
    .command('import')
    .description('rebuild the library from the installed sources (atomic: a failed import changes nothing)')
    // The child's side of an import another `bible` runs and can stop (src/cli/import-child.ts).
    .addOption(new Option('--to <path>').hideHelp())
    .action(async (opts: { to?: string }) => {
      if (opts.to !== undefined && process.send) {
        const { importForParent } = await import('../import-child.js');
        return importForParent(opts.to, process.env);
      }
      return runLibraryImport(await f.context());
    });
  library
    .command('status')
    .description('show resources, sources found and missing, path and size')
    .action(async () => runLibraryStatus(await f.context()));
  registerLibraryInstall(library, f);
}
