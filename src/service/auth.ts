import type { MiddlewareHandler } from 'hono';
import { type AppEnv, keyPrincipal, LOCAL_PRINCIPAL, type ServiceDeps } from './context.js';
import { ApiError } from './errors.js';

/** The key a request presents: `X-API-Key`, or (data interface) `Authorization: Bearer <key>`. */
export function presentedKey(headers: Headers, allowBearer: boolean): string | undefined {
  const header = headers.get('x-api-key')?.trim();
  if (header) return header;
  if (!allowBearer) return undefined;
  const auth = headers.get('authorization')?.match(/^Bearer\s+(.+)$/i);
  return auth?.[1]?.trim() || undefined;
}

/** Resolves the principal: the local one when embedded, else the key (401 when missing, unknown or revoked). */
export function authenticate(deps: ServiceDeps, options: { allowBearer: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!deps.keys) {
      c.set('principal', LOCAL_PRINCIPAL);
      return next();
    }
    const key = presentedKey(c.req.raw.headers, options.allowBearer);
    if (!key) {
      throw new ApiError(
        'MISSING_API_KEY',
        options.allowBearer
          ? 'no API key: send it in X-API-Key or as Authorization: Bearer'
          : 'no API key: send it in X-API-Key',
      );
    }
    const record = await deps.keys.byKey(key);
    if (!record) throw new ApiError('INVALID_API_KEY', 'the API key is not known');
    if (record.revokedAt) throw new ApiError('INVALID_API_KEY', 'the API key has been revoked');
    c.set('principal', keyPrincipal(record));
    return next();
  };
}
