import type { z } from 'zod';
import type * as Schemas from '../../core/schemas/index.js';

/**
 * Every schema of the contract's answers (src/core/schemas), and zod itself for the schemas a route
 * builds of its own (its request's documentation, an envelope): the route modules import no zod.
 */
export type ResponseSchemas = typeof Schemas & { z: typeof z };

let loaded: ResponseSchemas | undefined;

/**
 * Loads the schemas of the answers, for the whole app: it mounts the routes on Hono and writes
 * /openapi.json from them. The embedded dispatcher never reads them (it validates requests only),
 * so a lookup does not build them: constructing them was ~4 ms of every embedded lookup's start-up.
 */
export async function loadResponseSchemas(): Promise<ResponseSchemas> {
  if (!loaded) {
    const [schemas, { z }] = await Promise.all([import('../../core/schemas/index.js'), import('zod')]);
    loaded = { ...schemas, z };
  }
  return loaded;
}

/** The schemas loadResponseSchemas loaded; reading a route's responses before that is a mistake of ours. */
export function responseSchemas(): ResponseSchemas {
  if (!loaded) throw new Error('the response schemas are read before loadResponseSchemas() (createApp awaits it)');
  return loaded;
}
