import { BibleApiError } from '../client/errors.js';
import type { Context } from './context.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';

/**
 * Calls an extension endpoint, saying plainly when the service does not have it: a 404 that is
 * not the contract's NOT_FOUND envelope about a resource (a bare 404, or our own "no such
 * endpoint") means the service predates the extension.
 */
export async function extension<T>(ctx: Context, feature: string, call: () => Promise<T>): Promise<T> {
  const where = ctx.settings.baseUrl ? `the service at ${ctx.settings.baseUrl}` : 'the embedded library';
  return offeredBy(where, feature, call);
}

/** `extension` for a caller without a Context: `where` names the service ("the service at <url>"). */
export async function offeredBy<T>(where: string, feature: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (
      err instanceof BibleApiError &&
      err.status === 404 &&
      (err.code !== 'NOT_FOUND' || err.message.startsWith('no such endpoint'))
    ) {
      throw new CliError(`${where} does not offer ${feature}`, EXIT.FAILURE);
    }
    throw err;
  }
}
