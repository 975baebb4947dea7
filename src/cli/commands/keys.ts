import type { Command } from 'commander';
import { quoted } from '../../core/text/quoted.js';
import type { KeyLimits, KeyRecord } from '../../service/keys/keys.js';
import type { StateStore } from '../../service/state/state-store.js';
import { confirmOrRefuse } from '../confirm.js';
import type { Context } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import { wholeNumber } from '../flags.js';
import { present } from '../present.js';

/** The state store of `bible keys` (its --db). */
export interface DbOption {
  db?: string;
}

/** `bible keys create` and `update`: a label, scopes and limits, as commander parsed them. */
export interface KeyOptions extends DbOption, Partial<KeyLimits> {
  name?: string;
  scopes?: 'all' | string[];
}

/** Commander's parser for a limit flag: a whole number of at most 9 digits. */
const count = (flag: string) =>
  wholeNumber((text) => `${flag} must be a whole number (got ${quoted(text)})`, { pattern: /^\d{1,9}$/ });

/** Commander's parser for --scopes: all, or resource ids separated by commas. */
function scopesOf(text: string): 'all' | string[] {
  if (text.trim().toLowerCase() === 'all') return 'all';
  const ids = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!ids.length) throw usageError('--scopes takes all or a comma-separated list of resource ids');
  return ids;
}

/** The longest label a key may have: a name to recognise it by in `keys list`. */
export const MAX_KEY_NAME_CHARS = 100;

/** A key's label as given: trimmed, 1-MAX_KEY_NAME_CHARS characters, no control characters (ANSI escapes). */
function nameOf(text: string): string {
  const name = text.trim();
  if (!name || name.length > MAX_KEY_NAME_CHARS || /\p{Cc}/u.test(name))
    throw usageError(`--name is 1-${MAX_KEY_NAME_CHARS} characters without control characters`);
  return name;
}

/**
 * The scopes as given, each a resource of the library `bible serve` reads (a misspelt id would
 * give a key that can read nothing, silently). The library is opened only for a list of ids.
 */
async function checkedScopes(ctx: Context, scopes: 'all' | string[] | undefined): Promise<void> {
  if (scopes === undefined || scopes === 'all') return;
  const [{ openLibrary }, { libraryPath }] = await Promise.all([
    import('../../library/ensure.js'),
    import('../../config/paths.js'),
  ]);
  const library = await openLibrary(libraryPath(ctx.env), ctx.env, (m) => ctx.notice(m));
  let ids: Set<string>;
  try {
    ids = new Set(library.resources().map((r) => r.id));
  } finally {
    library.close();
  }
  const unknown = scopes.filter((id) => !ids.has(id));
  if (unknown.length)
    throw usageError(
      `--scopes: the library has no resource ${unknown.map((id) => quoted(id)).join(', ')} (it has ${[...ids].join(', ')})`,
    );
}

/** Text stored by someone else (a key's name), shown on a terminal with its control characters escaped. */
const visible = (text: string) =>
  text.replace(/\p{Cc}/gu, (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`);

function limitsOf(opts: KeyOptions): Partial<KeyLimits> {
  const limits: Partial<KeyLimits> = {};
  for (const k of ['daily', 'chatDaily', 'chatMonthly', 'maxTokens'] as const)
    if (opts[k] !== undefined) limits[k] = opts[k];
  return limits;
}

/** A key as shown to the operator: never the key itself, only its prefix. */
function publicKey(r: KeyRecord, usage?: { dataToday: number; chatToday: number; chatThisMonth: number }) {
  return {
    prefix: r.prefix,
    name: r.name,
    scopes: r.scopes,
    daily: r.daily,
    chatDaily: r.chatDaily,
    chatMonthly: r.chatMonthly,
    maxTokens: r.maxTokens,
    createdAt: r.createdAt,
    revokedAt: r.revokedAt,
    ...(usage ? { usage } : {}),
  };
}

async function withKeys<T>(ctx: Context, db: string | undefined, fn: (keys: StateStore) => Promise<T> | T): Promise<T> {
  const [{ COMMAND_STORE_OPTIONS }, { openState }] = await Promise.all([
    import('../../service/keys/key-store.js'),
    import('./serve.js'),
  ]);
  const keys = await openState(ctx, db, COMMAND_STORE_OPTIONS);
  try {
    return await fn(keys);
  } finally {
    await keys.close();
  }
}

async function findKey(keys: StateStore, keyOrPrefix: string): Promise<KeyRecord> {
  const record = await keys.find(keyOrPrefix);
  if (!record)
    throw new CliError(
      `no key matches '${keyOrPrefix.slice(0, 12)}' (give the whole key or a prefix that matches one key)`,
      EXIT.NOT_FOUND,
    );
  return record;
}

const scopeText = (scopes: 'all' | string[]) => (scopes === 'all' ? 'all' : scopes.join(','));

function describe(r: KeyRecord): string {
  return `${r.prefix}…  ${visible(r.name)}  scopes=${scopeText(r.scopes)}  daily=${r.daily} chat-daily=${r.chatDaily} chat-monthly=${r.chatMonthly} max-tokens=${r.maxTokens}${r.revokedAt ? `  revoked ${r.revokedAt}` : ''}`;
}

export async function runKeysCreate(opts: KeyOptions, ctx: Context): Promise<void> {
  if (!opts.name?.trim()) throw usageError('keys create needs --name <label>');
  const name = nameOf(opts.name);
  const scopes = opts.scopes ?? 'all';
  await checkedScopes(ctx, scopes);
  const limits = limitsOf(opts);
  const { key, record } = await withKeys(ctx, opts.db, (keys) => keys.create(name, scopes, limits));
  const { prefix: _p, createdAt: _c, revokedAt: _r, ...rest } = publicKey(record);
  await present(
    ctx,
    record,
    () => {
      ctx.io.stdout.write(`${key}\n`);
      if (!ctx.globals.quiet) {
        ctx.io.stderr.write(`Created ${describe(record)}\nThis is the only time the key is shown; store it now.\n`);
      }
    },
    { json: { key, ...rest } },
  );
}

export async function runKeysList(opts: DbOption, ctx: Context): Promise<void> {
  const { periods } = await import('../../service/keys/periods.js');
  const { day, month } = periods();
  const rows = await withKeys(ctx, opts.db, async (keys) =>
    Promise.all(
      (await keys.list()).map(async (r) =>
        publicKey(r, {
          dataToday: await keys.used(r.id, 'data', day),
          chatToday: await keys.used(r.id, 'chat-daily', day),
          chatThisMonth: await keys.used(r.id, 'chat-monthly', month),
        }),
      ),
    ),
  );
  await present(ctx, rows, () => {
    if (!rows.length) ctx.io.stdout.write('No keys yet: create one with `bible keys create --name <label>`.\n');
    for (const r of rows) {
      const status = r.revokedAt ? 'revoked' : 'active';
      ctx.io.stdout.write(
        `${r.prefix}…  ${visible(r.name).padEnd(16)} ${status.padEnd(8)} scopes=${scopeText(r.scopes)}  data today ${r.usage?.dataToday}/${r.daily}  chat today ${r.usage?.chatToday}/${r.chatDaily}  chat this month ${r.usage?.chatThisMonth}/${r.chatMonthly}\n`,
      );
    }
  });
}

export async function runKeysUpdate(opts: KeyOptions & { keyOrPrefix: string }, ctx: Context): Promise<void> {
  const { keyOrPrefix } = opts;
  const changes = {
    ...limitsOf(opts),
    ...(opts.name ? { name: nameOf(opts.name) } : {}),
    ...(opts.scopes ? { scopes: opts.scopes } : {}),
  };
  await checkedScopes(ctx, opts.scopes);
  const record = await withKeys(ctx, opts.db, async (keys) =>
    keys.update((await findKey(keys, keyOrPrefix)).id, changes),
  );
  await present(ctx, publicKey(record), () => ctx.io.stdout.write(`Updated ${describe(record)}\n`));
}

/** `bible keys revoke`: which key, and `yes` to revoke it without asking. */
export interface RevokeOptions extends DbOption {
  keyOrPrefix: string;
  yes?: boolean;
}

export async function runKeysRevoke(opts: RevokeOptions, ctx: Context): Promise<void> {
  const record = await withKeys(ctx, opts.db, async (keys) => {
    const found = await findKey(keys, opts.keyOrPrefix);
    const shown = `${found.prefix}… (${visible(found.name)})`;
    await confirmOrRefuse(ctx, {
      yes: opts.yes,
      question: `Revoke ${shown}? It answers 401 from then on`,
      refusal: `keys revoke cannot be undone, so it asks first`,
      declined: `${found.prefix}… is not revoked`,
    });
    return keys.revoke(found.id);
  });
  await present(ctx, publicKey(record), () =>
    ctx.io.stdout.write(`Revoked ${record.prefix}… (${visible(record.name)})\n`),
  );
}

const DB_HELP = 'the PostgreSQL database of `bible serve --db` (postgres://…; also BIBLE_SERVICE_DB)';

function limitOptions(cmd: Command): Command {
  return cmd
    .option('--db <url>', DB_HELP)
    .option('--scopes <scopes>', 'all, or comma-separated resource ids', scopesOf)
    .option('--daily <n>', 'daily data requests', count('--daily'))
    .option('--chat-daily <n>', 'daily chat messages', count('--chat-daily'))
    .option('--chat-monthly <n>', 'monthly chat messages', count('--chat-monthly'))
    .option('--max-tokens <n>', 'largest chat reply in tokens', count('--max-tokens'));
}

export function registerKeys(program: Command, f: Factory): void {
  const keys = program.command('keys').description('issue and manage API keys for `bible serve` (operator)');
  limitOptions(
    keys
      .command('create')
      .description('create a key and print it once')
      .requiredOption('--name <label>', 'a label for the key'),
  ).action(async (opts: KeyOptions) => runKeysCreate(opts, await f.context()));
  keys
    .command('list')
    .description('list keys by prefix, with limits and usage')
    .option('--db <url>', DB_HELP)
    .action(async (opts: DbOption) => runKeysList(opts, await f.context()));
  limitOptions(
    keys
      .command('update')
      .description("change a key's name, scopes or limits")
      .argument('<key-or-prefix>')
      .option('--name <label>', 'a new label'),
  ).action(async (keyOrPrefix: string, opts: KeyOptions) => runKeysUpdate({ ...opts, keyOrPrefix }, await f.context()));
  keys
    .command('revoke')
    .description('revoke a key (it answers 401 INVALID_API_KEY from then on)')
    .argument('<key-or-prefix>')
    .option('--db <url>', DB_HELP)
    .option('-y, --yes', 'revoke without asking (needed off a terminal)')
    .action(async (keyOrPrefix: string, opts: Omit<RevokeOptions, 'keyOrPrefix'>) =>
      runKeysRevoke({ ...opts, keyOrPrefix }, await f.context()),
    );
}
