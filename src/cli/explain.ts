import type { BibleClient } from '../client/client.js';
import { BibleApiError } from '../client/errors.js';
import { shownUrl } from '../client/shown-url.js';
import { quoted } from '../core/text/quoted.js';
import type { Context, ResourceKind } from './context.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { listOf, type Named, nearest } from './suggest.js';

const KIND_WORD: Record<ResourceKind, string> = {
  bible: 'translation',
  commentaries: 'commentary',
  dictionaries: 'dictionary',
  topics: 'topical work',
};

/** "no translation 'spanish' (did you mean rv1909, Reina-Valera 1909 (Spanish)?); there are kjv (…), …" */
export function unknownResource(kind: ResourceKind, id: string, items: readonly Named[]): string {
  const near = nearest(id, items);
  const hint = near ? ` (did you mean ${near.id}, ${near.name}?)` : '';
  return `no ${KIND_WORD[kind]} ${quoted(id)}${hint}; there are ${listOf(items) || 'none'}`;
}

function failure(message: string, code: string, exitCode: CliError['exitCode']): CliError {
  return new CliError(`${message} [${code}]`, exitCode, { success: false, error: { code, message } });
}

/**
 * Turns a service error into one that says what to do, when the cause is something this run
 * chose: a resource id that is not in the catalog gets the list of what exists and the nearest
 * one; a saved setting that no longer works says how to change it. Anything else is left as is.
 */
export async function explain(err: unknown, ctx: Context, client: BibleClient): Promise<unknown> {
  if (!(err instanceof BibleApiError)) return err;
  if (err.code === 'MISSING_API_KEY' && ctx.settings.baseUrlSource === 'config') {
    return failure(
      `${err.message}: the saved base URL ${shownUrl(ctx.settings.baseUrl ?? '')} needs one; \`bible login\` saves a key, \`bible config unset baseUrl\` goes back to the embedded library`,
      err.code,
      EXIT.AUTH,
    );
  }
  if (err.code !== 'NOT_FOUND' || !ctx.chosen.length) return err;
  let catalog: Awaited<ReturnType<BibleClient['catalog']>>;
  try {
    catalog = await client.catalog();
  } catch {
    return err;
  }
  for (const { kind, id, setting } of ctx.chosen) {
    const items = catalog[kind];
    if (items.some((i) => i.id.toLowerCase() === id.toLowerCase())) continue;
    const near = nearest(id, items);
    let message = unknownResource(kind, id, items);
    if (setting)
      message += `. ${quoted(id)} is your saved ${setting}: \`bible config set ${setting} ${near?.id ?? '<id>'}\` or \`bible config unset ${setting}\``;
    return failure(message, 'NOT_FOUND', EXIT.NOT_FOUND);
  }
  return err;
}

/**
 * The client with every method's error passed through `explain`. A Proxy rather than a try in
 * each command: the commands stay as they are, and every one of them gets the same help.
 */
export function explainingErrors(client: BibleClient, ctx: Context): BibleClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch(async (err: unknown) => {
          throw await explain(err, ctx, target);
        });
      };
    },
  });
}
