import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { shownUrl } from '../../client/shown-url.js';
import { cacheDir, libraryPath } from '../../config/paths.js';
import { CONFIG_KEYS, type ConfigKey, configFile, maskKey, withScheme } from '../../config/settings.js';
import { PERSONAS } from '../../core/personas.js';
import { quoted } from '../../core/text/quoted.js';
import { CONFIG_DEFAULT, type Context, type ResourceKind } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { unknownResource } from '../explain.js';
import type { Factory } from '../factory.js';
import { choiceArgument, oneOf } from '../flags.js';
import { readAll } from '../io.js';
import { present } from '../present.js';

const KEYS = Object.keys(CONFIG_KEYS) as ConfigKey[];

/** The `<key>` of config get, set and unset: --help and completion list the keys. */
const keyArgument = () =>
  choiceArgument('<key>', 'the setting', KEYS, {
    message: (key) => `unknown config key ${quoted(key)}; keys: ${KEYS.join(', ')}`,
  });

function checkValue(key: ConfigKey, value: string): void {
  if (key === 'color' && !['always', 'never', 'auto'].includes(value))
    throw usageError('color must be always, never or auto');
  if (key === 'redLetter' && !['on', 'off'].includes(value)) throw usageError('redLetter must be on or off');
  if (key === 'baseUrl') value = withScheme(value);
  if (key === 'baseUrl' && !/^https?:\/\/[^\s/]+/i.test(value))
    throw usageError(`baseUrl must be an http(s) URL (got ${quoted(value)})`);
  if (key === 'persona' && !(PERSONAS as readonly string[]).includes(value)) {
    throw usageError(`persona must be ${oneOf(PERSONAS)}`);
  }
}

/** A value as it may be shown: the API key only masked. */
const shown = (key: ConfigKey, value: string) => (key === 'apiKey' ? maskKey(value) : value);

async function writable(ctx: Context) {
  const { openConfig } = await import('../../config/store.js');
  return openConfig(ctx.env);
}

export async function runConfigList(ctx: Context): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(ctx.config).map(([k, v]) => [k, shown(k as ConfigKey, v as string)]),
  );
  await present(ctx, values, () => {
    // On stderr, so a script reading the list still reads nothing.
    if (!Object.keys(values).length)
      ctx.notice(`nothing set; keys: ${KEYS.join(', ')} (bible config set <key> <value>)`);
    for (const key of KEYS) {
      const v = ctx.config[key];
      if (v !== undefined) ctx.io.stdout.write(`${key}=${shown(key, v)}\n`);
    }
  });
}

export async function runConfigGet(opts: { key: ConfigKey }, ctx: Context): Promise<void> {
  const k = opts.key;
  const v = ctx.config[k];
  if (v === undefined) throw new CliError(`${k} is not set`, EXIT.NOT_FOUND);
  ctx.io.stdout.write(`${shown(k, v)}\n`);
}

/**
 * A default resource id is checked against the catalog when it is set, so a wrong one fails
 * here, with the list and the nearest, not on every lookup after. When the catalog cannot be
 * read (the service is down), the value is saved with a notice.
 */
async function checkResource(key: ConfigKey, value: string, ctx: Context): Promise<string> {
  const kind = (Object.keys(CONFIG_DEFAULT) as ResourceKind[]).find((k) => CONFIG_DEFAULT[k] === key);
  if (!kind) return value;
  let items: Array<{ id: string; name: string }>;
  try {
    items = (await (await ctx.client()).catalog())[kind];
  } catch (err) {
    ctx.notice(`could not check ${quoted(value)} against the catalog (${err instanceof Error ? err.message : err})`);
    return value;
  }
  const hit = items.find((i) => i.id.toLowerCase() === value.toLowerCase());
  if (!hit) throw new CliError(unknownResource(kind, value, items), EXIT.USAGE);
  return hit.id;
}

export async function runConfigSet(opts: { key: ConfigKey; value: string }, ctx: Context): Promise<void> {
  const k = opts.key;
  checkValue(k, opts.value);
  const value = await checkResource(k, opts.value, ctx);
  (await writable(ctx)).set(k, value);
  if (!ctx.globals.quiet) ctx.io.stderr.write(`Set ${k}=${shown(k, value)}\n`);
}

export async function runConfigUnset(opts: { key: ConfigKey }, ctx: Context): Promise<void> {
  const k = opts.key;
  (await writable(ctx)).delete(k);
  if (!ctx.globals.quiet) ctx.io.stderr.write(`Unset ${k}\n`);
}

/** Asks for the key (masked) on a terminal, or reads it from stdin; checks it against /catalog; saves it. */
export async function runLogin(opts: { baseUrl?: string }, ctx: Context): Promise<void> {
  const baseUrl = ctx.settings.baseUrl;
  if (!baseUrl)
    throw usageError(
      'login needs a service: pass --base-url <url>, or set BIBLE_BASE_URL or `bible config set baseUrl <url>`',
    );
  let key: string;
  if (ctx.io.stdin.isTTY) {
    const { password } = await import('@inquirer/prompts');
    key = await password({ message: `API key for ${shownUrl(baseUrl)}:`, mask: '*' });
  } else {
    key = await readAll(ctx.io.stdin);
  }
  key = key.trim();
  if (!key) throw usageError('no key given');
  const [{ BibleClient }, { HttpTransport }] = await Promise.all([
    import('../../client/client.js'),
    import('../../client/http-transport.js'),
  ]);
  const client = new BibleClient({
    transport: new HttpTransport(baseUrl),
    apiKey: key,
    debug: ctx.globals.debug ? (l) => ctx.debug(l) : undefined,
  });
  try {
    const catalog = await client.catalog();
    const config = await writable(ctx);
    config.set('apiKey', key);
    if (opts.baseUrl) config.set('baseUrl', baseUrl);
    const count =
      catalog.bible.length +
      catalog.commentaries.length +
      catalog.dictionaries.length +
      catalog.topics.length +
      catalog.lexicons.length;
    ctx.io.stderr.write(`Logged in to ${shownUrl(baseUrl)} with ${maskKey(key)}; it can read ${count} resources.\n`);
  } finally {
    await client.close();
  }
}

export async function runLogout(ctx: Context): Promise<void> {
  const config = await writable(ctx);
  const had = config.has('apiKey');
  config.delete('apiKey');
  if (!ctx.globals.quiet)
    ctx.io.stderr.write(had ? 'Logged out: the API key is removed from the config.\n' : 'No API key was saved.\n');
  // A base URL left behind without a key makes every lookup fail: say how to go back.
  if (!ctx.globals.quiet && config.has('baseUrl'))
    ctx.io.stderr.write(
      `The base URL ${shownUrl(String(config.get('baseUrl')))} is still set: \`bible config unset baseUrl\` goes back to the embedded library.\n`,
    );
}

export async function runStatus(ctx: Context): Promise<void> {
  const { apiKey, apiKeySource, baseUrl, baseUrlSource } = ctx.settings;
  const library = libraryPath(ctx.env);
  const status = {
    backend: baseUrl ? 'remote' : 'embedded',
    baseUrl: baseUrl ? shownUrl(baseUrl) : null,
    baseUrlFrom: baseUrlSource ?? null,
    apiKey: apiKey ? maskKey(apiKey) : null,
    apiKeyFrom: apiKeySource ?? null,
    configFile: configFile(ctx.env),
    cacheDir: cacheDir(ctx.env),
    library,
    libraryBuilt: existsSync(library),
    librarySize: existsSync(library) ? statSync(library).size : 0,
  };
  await present(ctx, status, () => {
    const { c } = ctx.style;
    const out = (label: string, value: string) => ctx.io.stdout.write(`${c.bold(label.padEnd(10))} ${value}\n`);
    out('Backend', baseUrl ? `${shownUrl(baseUrl)} (from ${baseUrlSource})` : 'embedded library (no base URL set)');
    out(
      'API key',
      apiKey
        ? `${maskKey(apiKey)} (from ${apiKeySource})`
        : baseUrl
          ? 'none: run `bible login`'
          : 'none (not needed for the embedded library)',
    );
    out('Config', status.configFile);
    out('Cache', status.cacheDir);
    out(
      'Library',
      `${library}${status.libraryBuilt ? ` (${(status.librarySize / 1e6).toFixed(1)} MB)` : ' (not built yet; the first lookup builds it)'}`,
    );
  });
}

export function registerConfig(program: Command, f: Factory): void {
  const config = program.command('config').description('read and change settings (apiKey, baseUrl, translation, …)');
  config
    .command('list')
    .description('every set value (the API key masked)')
    .action(async () => runConfigList(await f.context()));
  config
    .command('get')
    .addArgument(keyArgument())
    .description('one value')
    .action(async (key: ConfigKey) => runConfigGet({ key }, await f.context()));
  config
    .command('set')
    .addArgument(keyArgument())
    .argument('<value>')
    .description(`set a value; keys: ${KEYS.join(', ')}`)
    .action(async (key: ConfigKey, value: string) => runConfigSet({ key, value }, await f.context()));
  config
    .command('unset')
    .addArgument(keyArgument())
    .description('remove a value')
    .action(async (key: ConfigKey) => runConfigUnset({ key }, await f.context()));
  config
    .command('path')
    .description('where the config file is')
    .action(async () => {
      f.io.stdout.write(`${configFile(f.io.env)}\n`);
    });
  program
    .command('login')
    .description('save an API key after checking it against the service (prompted, or read from stdin)')
    .addHelpText(
      'after',
      '\nThe service: --base-url <url> (saved as baseUrl; localhost:8787 reads as http), else BIBLE_BASE_URL or the saved baseUrl.\n',
    )
    .action(async (_o, cmd: Command) => runLogin(cmd.optsWithGlobals(), await f.context()));
  program
    .command('logout')
    .description('remove the saved API key')
    .action(async () => runLogout(await f.context()));
  program
    .command('status')
    .description('which backend, key (masked), and where config, cache and library live')
    .action(async () => runStatus(await f.context()));
}
