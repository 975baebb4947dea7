import { type BibleClient, EXTENSION_PATHS } from '../client/client.js';
import { BibleApiError } from '../client/errors.js';
import { shownUrl } from '../client/shown-url.js';
import type { Context } from './context.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';

/** An extension endpoint: what the user would call it, and its path as /openapi.json names it. */
export interface Extension {
  feature: string;
  path: string;
}

/** The extension endpoints the CLI and the MCP tools call. */
export const EXTENSIONS = {
  find: { feature: 'find', path: EXTENSION_PATHS.find },
  search: { feature: 'verse search', path: EXTENSION_PATHS.search },
  strongsVerses: { feature: "verses by Strong's number", path: EXTENSION_PATHS.strongsVerses },
  translationBooks: { feature: "a translation's books", path: EXTENSION_PATHS.translationBooks },
  genbooks: { feature: 'general books', path: EXTENSION_PATHS.genbooks },
  genbookContents: { feature: 'general books', path: EXTENSION_PATHS.genbookContents },
  genbookSection: { feature: 'general books', path: EXTENSION_PATHS.genbookSection },
} as const satisfies Record<string, Extension>;

/**
 * Calls an extension endpoint, saying plainly when the service does not have it: a 404 that is
 * not the contract's NOT_FOUND envelope about a resource (a bare 404, or our own "no such
 * endpoint") means the service predates the extension.
 */
export async function extension<T>(ctx: Context, ext: Extension, call: () => Promise<T>): Promise<T> {
  return offeredBy(serviceNamed(ctx), ext, await ctx.client(), call);
}

/** The service a run talks to, as a sentence names it: "the service at <url>", or "the embedded library". */
export function serviceNamed(ctx: Context): string {
  return ctx.settings.baseUrl ? `the service at ${shownUrl(ctx.settings.baseUrl)}` : 'the embedded library';
}

/**
 * `extension` for a caller without a Context: `where` names the service ("the service at <url>").
 * A service may answer an unknown path with the contract's own NOT_FOUND in words of its own,
 * which reads like "no such verse": then its /openapi.json says whether it has the path.
 */
export async function offeredBy<T>(
  where: string,
  ext: Extension,
  client: BibleClient,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof BibleApiError && err.status === 404) {
      const unknownPath = err.code !== 'NOT_FOUND' || err.message.startsWith('no such endpoint');
      if (unknownPath || (await client.lists(ext.path)) === false)
        throw new CliError(`${where} does not offer ${ext.feature}`, EXIT.FAILURE);
    }
    throw err;
  }
}
