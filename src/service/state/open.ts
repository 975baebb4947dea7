import { servicePath } from '../../config/paths.js';
import type { KeyStoreOptions } from '../keys/key-store.js';
import type { PgStoreOptions } from './pg-store.js';
import type { StateStore } from './state-store.js';

/** A --db or BIBLE_SERVICE_DB that is not a PostgreSQL URL, or a database that cannot be reached. */
export class StateStoreError extends Error {
  override name = 'StateStoreError';
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

/** The URL without its password, for messages: where, never the secret. */
export function redactedUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return 'the database given';
  return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}${parsed.pathname}`;
}

export interface OpenStateOptions {
  /** `--db`, else BIBLE_SERVICE_DB, else the SQLite file in the data dir. */
  db?: string;
  env: NodeJS.ProcessEnv;
  sqlite: KeyStoreOptions;
  pg?: PgStoreOptions;
}

/**
 * The service state named by `--db`/BIBLE_SERVICE_DB: PostgreSQL for a `postgres://` URL (shared
 * by several nodes), else `$BIBLE_DATA_DIR/service.sqlite` (one node). Loaded lazily: the SQLite
 * default never loads pg.
 */
export async function openStateStore(options: OpenStateOptions): Promise<StateStore> {
  const url = options.db ?? (options.env.BIBLE_SERVICE_DB || undefined);
  if (url === undefined) {
    const { KeyStore } = await import('../keys/key-store.js');
    return new KeyStore(servicePath(options.env), options.sqlite);
  }
  const { isPostgresUrl, PgStateStore, PG_SERVER_OPTIONS } = await import('./pg-store.js');
  if (!isPostgresUrl(url))
    throw new StateStoreError('--db (or BIBLE_SERVICE_DB) takes a postgres:// or postgresql:// URL', true);
  try {
    return await PgStateStore.open(url, options.pg ?? PG_SERVER_OPTIONS);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new StateStoreError(`cannot open the state database ${redactedUrl(url)}: ${why}`, false);
  }
}
