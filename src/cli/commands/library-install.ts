import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { libraryPath } from '../../config/paths.js';
import { MODULE_FAMILIES, type ModuleFamily } from '../../library/install/families.js';
import type { InstallError } from '../../library/install/install-error.js';
import { confirmOrRefuse } from '../confirm.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import { choiceOption, oneOf } from '../flags.js';
import { readAll } from '../io.js';
import { present } from '../present.js';
import { importProgress } from '../progress.js';

const size = (n: number | null) =>
  n === null ? '' : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1e3))} kB`;

/** An install's refusal as the CLI reports it: one line, the exit code of its kind (docs/library.md). */
async function reported<T>(work: () => Promise<T> | T): Promise<T> {
  const { InstallError } = await import('../../library/install/install-error.js');
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof InstallError)) throw err;
    const exit: Record<InstallError['kind'], (typeof EXIT)[keyof typeof EXIT]> = {
      usage: EXIT.USAGE,
      'not-found': EXIT.NOT_FOUND,
      refused: EXIT.FAILURE,
      failure: EXIT.FAILURE,
    };
    throw new CliError(err.message, exit[err.kind]);
  }
}

/**
 * After a module came or went, the library is built again (in a child, as `bible library import`
 * does, with its progress) so that the next command reads it; with --no-import, or when there is
 * no library yet (the first lookup builds it), it is left and the user told.
 */
async function refreshLibrary(ctx: Context, reimport: boolean): Promise<boolean> {
  const path = libraryPath(ctx.env);
  if (!existsSync(path)) return false;
  if (!reimport) {
    ctx.notice('the library still holds what it had: run `bible library import` to bring it up to date');
    return false;
  }
  const { importInChild } = await import('../import-child.js');
  ctx.notice(`updating the library ${path} (about a minute; Ctrl-C stops it and keeps the old one)`);
  const report = await importInChild(path, ctx.env, importProgress(ctx.io, ctx.globals.quiet));
  ctx.notice(`library updated in ${report.seconds.toFixed(1)} s`);
  return true;
}

export interface AvailableOptions {
  from: string;
  kind?: ModuleFamily;
  lang?: string;
}

/** Lists a repository's modules (name, kind and driver, language, version, size, description). */
export async function runLibraryAvailable(opts: AvailableOptions, ctx: Context): Promise<void> {
  const [{ resolveRepository }, { readCatalog }, { installedModules }] = await Promise.all([
    import('../../library/install/repository.js'),
    import('../../library/install/catalog.js'),
    import('../../library/install/installed.js'),
  ]);
  const repo = await reported(() => resolveRepository(opts.from));
  const catalog = await reported(() => readCatalog(repo));
  const installed = new Map(installedModules(ctx.env).map((m) => [m.name.toLowerCase(), m]));
  const lang = opts.lang?.toLowerCase();
  const modules = catalog
    .filter((m) => !opts.kind || m.kind === opts.kind)
    .filter((m) => !lang || m.language.toLowerCase() === lang || m.language.toLowerCase().startsWith(`${lang}-`))
    .map(({ conf: _conf, ...m }) => {
      const local = installed.get(m.name.toLowerCase());
      return { ...m, installed: local ? (local.conf.entries.get('Version')?.[0] ?? '') || 'yes' : null };
    });
  await present(ctx, { repository: opts.from, modules }, () => {
    const out = ctx.out;
    const row = (
      mark: string,
      name: string,
      kind: string,
      lang: string,
      version: string,
      bytes: string,
      what: string,
    ) =>
      `${mark} ${name.padEnd(18)} ${kind.padEnd(22)} ${lang.padEnd(6)} ${version.padEnd(8)} ${bytes.padStart(8)}  ${what}`;
    out.line(row(' ', 'module', 'kind/driver', 'lang', 'version', 'size', 'description'));
    for (const m of modules) {
      const what = `${m.description}${m.encrypted ? ' (encrypted)' : ''}`;
      out.line(
        row(m.installed ? '*' : ' ', m.name, `${m.kind}/${m.driver}`, m.language, m.version, size(m.installSize), what),
      );
    }
    const shown =
      modules.length === catalog.length
        ? `${catalog.length} modules`
        : `${modules.length} of ${catalog.length} modules`;
    out.line(`\n${shown} in ${opts.from}; * installed. \`bible library install <module> --from ${opts.from}\``);
  });
}

export interface InstallOptions {
  from: string;
  replace?: boolean;
  import: boolean;
}

export async function runLibraryInstall(name: string, opts: InstallOptions, ctx: Context): Promise<void> {
  const [{ resolveRepository }, { installModule }] = await Promise.all([
    import('../../library/install/repository.js'),
    import('../../library/install/install.js'),
  ]);
  const repo = await reported(() => resolveRepository(opts.from));
  const result = await reported(() => installModule({ name, repo, env: ctx.env, replace: opts.replace }));
  ctx.notice(
    `installed ${result.module}${result.version ? ` ${result.version}` : ''} into ${result.root} (${result.files} files, ${size(result.bytes)})`,
  );
  if (result.shadows) ctx.notice(`it is read before the copy in ${result.shadows}`);
  if (result.encrypted)
    ctx.notice(
      `${result.module} is encrypted: \`bible library unlock ${result.module} <key>\` with the key its publisher gives`,
    );
  const libraryUpdated = await refreshLibrary(ctx, opts.import);
  await present(ctx, { ...result, libraryUpdated }, () => {});
}

export interface RemoveOptions {
  yes?: boolean;
  import: boolean;
}

export async function runLibraryRemove(name: string, opts: RemoveOptions, ctx: Context): Promise<void> {
  const [{ removeModule, userModule }] = await Promise.all([import('../../library/install/remove.js')]);
  const mod = await reported(() => userModule(ctx.env, name, 'remove'));
  await confirmOrRefuse(ctx, {
    yes: opts.yes,
    question: `Remove ${mod.name} (its conf and data) from ${mod.root}?`,
    refusal: `removing ${mod.name} from ${mod.root} needs a yes`,
    declined: `${mod.name} was not removed`,
  });
  const result = await reported(() => removeModule(ctx.env, name));
  ctx.notice(`removed ${result.module} from ${result.root}`);
  const libraryUpdated = await refreshLibrary(ctx, opts.import);
  await present(ctx, { ...result, libraryUpdated }, () => {});
}

/** What `unlock <module> -` reads of stdin at most: a key and a newline, with room to spare. */
const KEY_STDIN_MAX_BYTES = 4096;

export async function runLibraryUnlock(
  name: string,
  key: string,
  opts: { import: boolean },
  ctx: Context,
): Promise<void> {
  const { unlockModule } = await import('../../library/install/unlock.js');
  // `-`: the key from stdin, so that it stays out of the shell's history and the process list.
  const given = key === '-' ? (await readAll(ctx.io.stdin, KEY_STDIN_MAX_BYTES)).trim() : key;
  const result = await reported(() => unlockModule(ctx.env, name, given));
  ctx.notice(`wrote the key of ${result.module} into ${result.confFile} (mode 0600)`);
  const libraryUpdated = await refreshLibrary(ctx, opts.import);
  await present(ctx, { ...result, libraryUpdated }, () => {});
}

const FROM = '--from <repository>';
const FROM_HELP = 'a repository: crosswire (or another known name), an http(s) URL of its root, or a local directory';

export function registerLibraryInstall(library: Command, f: Factory): void {
  library
    .command('available')
    .description("list a repository's modules (* marks those installed)")
    .requiredOption(FROM, FROM_HELP)
    .addOption(
      choiceOption('--kind <kind>', `only modules of this kind: ${oneOf(MODULE_FAMILIES)}`, MODULE_FAMILIES, {
        message: (text) => `--kind takes ${oneOf(MODULE_FAMILIES)} (got ${text})`,
      }),
    )
    .option('--lang <code>', 'only modules in this language (a code as the modules give it: en, es, grc)')
    .action(async (opts: AvailableOptions) => runLibraryAvailable(opts, await f.context()));
  library
    .command('install')
    .description(
      'install a module from a repository into your SWORD library (~/.sword), checked, then update the library',
    )
    .argument('<module>', 'the module name, as `library available` lists it')
    .requiredOption(FROM, FROM_HELP)
    .option('--replace', 'install over the copy already in your SWORD library')
    .option('--no-import', 'leave the library as it is (run `bible library import` later)')
    .action(async (name: string, opts: InstallOptions) => runLibraryInstall(name, opts, await f.context()));
  library
    .command('remove')
    .description('delete a module you installed (its conf and data), then update the library')
    .argument('<module>', 'the module name')
    .option('-y, --yes', 'remove without asking (needed off a terminal)')
    .option('--no-import', 'leave the library as it is (run `bible library import` later)')
    .action(async (name: string, opts: RemoveOptions) => runLibraryRemove(name, opts, await f.context()));
  library
    .command('unlock')
    .description("write an encrypted module's key into its conf (mode 0600), then update the library")
    .argument('<module>', 'the module name')
    .argument('<key>', 'the key its publisher gave you, or - to read it from stdin')
    .option('--no-import', 'leave the library as it is (run `bible library import` later)')
    .action(async (name: string, key: string, opts: { import: boolean }) =>
      runLibraryUnlock(name, key, opts, await f.context()),
    );
}
