import pg from 'pg';
import { StateBusyError } from './state-store.js';

export interface PgStoreOptions {
  /** Connections per node. */
  poolSize: number;
  /** Longest a new connection may take to open (the database down or unreachable). */
  connectTimeoutMs: number;
  /** Longest a request waits for one of the node's connections while all are busy (a burst). */
  poolWaitMs: number;
  /** Longest one statement may run, on the server and as the client waits for it. */
  statementTimeoutMs: number;
  /** How long a key looked up is trusted before it is read again: a revocation shows within this. */
  keyCacheMs: number;
}

/**
 * How long a request waits for a connection while every one of the node's is busy: a third of
 * the 30 s a client gives an answer (client REQUEST_TIMEOUT_MS, server requestTimeoutMs), the
 * rest left for the answer itself. A burst waits its turn rather than failing; past this the
 * request is answered 503 with Retry-After.
 */
export const PG_POOL_WAIT_MS = 10_000;

/**
 * How much longer than a statement's own bound (statement_timeout, kept by the server) the node
 * waits for its reply before giving the connection up: a backstop for a connection gone silent.
 * Not tight, because the timer is this process's: on a loaded machine a reply that has arrived can
 * sit behind seconds of other requests' work, and a tighter timer fires first (answers 500).
 */
export const PG_REPLY_SLACK_MS = 8_000;

/** Seconds a request refused for a busy pool is told to wait (Retry-After): statements are bounded by 2 s. */
export const PG_BUSY_RETRY_AFTER_S = 1;

/**
 * A request that needs the database fails (500, safe to retry) when it is down or slow: at once
 * when it refuses connections, within 5 s when it cannot be reached, 2 s per statement (kept by
 * the server), 10 s when a connection goes silent. One that finds every connection busy waits
 * up to PG_POOL_WAIT_MS for its turn first.
 */
export const PG_SERVER_OPTIONS: PgStoreOptions = {
  poolSize: 10,
  // Loose for the same reason as PG_REPLY_SLACK_MS: at 2 s, a loaded machine's lag failed bursts
  // while the pool opened its connections (a refused connection still fails at once).
  connectTimeoutMs: 5_000,
  poolWaitMs: PG_POOL_WAIT_MS,
  statementTimeoutMs: 2_000,
  keyCacheMs: 500,
};

/**
 * A node's connections to PostgreSQL: a pg.Pool whose connections are handed out here, in
 * arrival order, so that waiting for a busy pool (bounded by `poolWaitMs`, then StateBusyError)
 * is told apart from failing to reach the database (bounded by `connectTimeoutMs`, then pg's own
 * error). pg.Pool bounds both with its one connectionTimeoutMillis; with at most `poolSize`
 * checked out at once through here, it only ever opens connections under that bound, never
 * queues.
 */
export class PgConnections {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PgStoreOptions,
  ) {
    this.free = options.poolSize;
  }

  static open(url: string, options: PgStoreOptions): PgConnections {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs,
      statement_timeout: options.statementTimeoutMs,
      query_timeout: options.statementTimeoutMs + PG_REPLY_SLACK_MS,
      idleTimeoutMillis: 30_000,
      application_name: 'bible serve',
    });
    // An idle connection the server drops (a restart) is reported here; unhandled, it would end the process.
    pool.on('error', () => {});
    return new PgConnections(pool, options);
  }

  /** Runs `work` with one of the connections, after waiting for it at most `poolWaitMs`. */
  async using<T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await work(this.pool);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }

  private turn(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const granted = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        reject(
          new StateBusyError(
            `every database connection (${this.options.poolSize}) stayed busy for ${this.options.poolWaitMs} ms`,
            PG_BUSY_RETRY_AFTER_S,
          ),
        );
      }, this.options.poolWaitMs);
      this.waiting.push(granted);
    });
  }

  async rows<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await this.query<R>(sql, params)).rows;
  }

  query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return this.using((pool) => pool.query<R>(sql, params));
  }

  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.using(async (pool) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    });
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
