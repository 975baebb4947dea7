import type { UsageKind } from '../keys/periods.js';
import type { PgConnections } from './pg-connections.js';
import type { ChatTake } from './state-store.js';

interface Waiter {
  resolve: (answer: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * The usage counters in PostgreSQL. A take locks the counter's row (FOR UPDATE) and grants at most
 * what is left: atomic across connections and nodes.
 */
export class PgUsage {
  private readonly refusedAt = new Map<string, { at: number; limit: number }>();
  private readonly batches = new Map<string, Waiter[]>();
  private readonly pendingGiveBacks = new Map<string, { keyId: number; kind: UsageKind; period: string; n: number }>();
  private giveBackTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: PgConnections,
    /** How long this node trusts its last refusal of a counter (the key cache's time). */
    private readonly refusalMs: number,
  ) {}

  /** Writes the give-backs still pending (on close). */
  async flush(): Promise<void> {
    clearTimeout(this.giveBackTimer);
    await this.flushGiveBacks().catch(() => {});
  }

  async used(keyId: number, kind: UsageKind, period: string): Promise<number> {
    const [row] = await this.db.rows<{ count: number }>(
      'SELECT count FROM bible_usage WHERE key_id = $1 AND kind = $2 AND period = $3',
      [keyId, kind, period],
    );
    return row?.count ?? 0;
  }

  /**
   * Calls with the same `id` that arrive in the same turn of the event loop go to the database as
   * one: `run(n)` answers the n of them, in order. Under a burst on one key a node sends one
   * statement per turn, not one per request, and the rows are locked once per batch.
   */
  private batched<T>(id: string, run: (n: number) => Promise<T[]>): Promise<T> {
    return new Promise((resolve, reject) => {
      let batch = this.batches.get(id);
      if (!batch) {
        const waiters: Waiter[] = [];
        batch = waiters;
        this.batches.set(id, waiters);
        setImmediate(() => {
          this.batches.delete(id);
          run(waiters.length).then(
            (answers) => {
              for (const [i, w] of waiters.entries()) w.resolve(answers[i]);
            },
            (err: unknown) => {
              for (const w of waiters) w.reject(err);
            },
          );
        });
      }
      batch.push({ resolve: resolve as Waiter['resolve'], reject });
    });
  }

  /**
   * One take of a counter, batched (bible_take_n). Still exact: the database grants at most what
   * is left, and the first of the batch get the units.
   */
  takeSoon(keyId: number, kind: UsageKind, period: string, limit: number): Promise<number | undefined> {
    if (limit <= 0) return Promise.resolve(undefined);
    const counter = `${keyId}\n${kind}\n${period}`;
    return this.batched(`${counter}\n${limit}`, async (n) => {
      const [row] = await this.db.rows<{ old: number; granted: number }>(
        'SELECT old, granted FROM bible_take_n($1, $2, $3, $4, $5)',
        [keyId, kind, period, n, limit],
      );
      const { old, granted } = row ?? { old: 0, granted: 0 };
      if (granted < n) {
        if (this.refusedAt.size > 10_000) this.refusedAt.clear();
        this.refusedAt.set(counter, { at: Date.now(), limit });
      } else this.refusedAt.delete(counter);
      return Array.from({ length: n }, (_, i) => (i < granted ? old + i + 1 : undefined));
    });
  }

  /**
   * Spent if this node's last take of the counter was refused within the key cache's time, at the
   * same limit: a request then is refused before any work, with no round trip; a give-back or a
   * raised limit shows within that time.
   */
  knownSpent(keyId: number, kind: UsageKind, period: string, limit: number): boolean {
    const refused = this.refusedAt.get(`${keyId}\n${kind}\n${period}`);
    return refused !== undefined && refused.limit === limit && Date.now() - refused.at < this.refusalMs;
  }

  /**
   * One chat message against both limits, batched (bible_take_chat_n): the first of the batch get
   * the units, and the rest are refused by the day if it is spent after them, else by the month,
   * as one message at a time would be.
   */
  takeChatSoon(keyId: number, day: string, month: string, dailyLimit: number, monthlyLimit: number): Promise<ChatTake> {
    if (dailyLimit <= 0) return Promise.resolve({ refused: 'daily' });
    if (monthlyLimit <= 0) return Promise.resolve({ refused: 'monthly' });
    return this.batched(`${keyId}\nchat\n${day}\n${month}\n${dailyLimit}\n${monthlyLimit}`, async (n) => {
      const [row] = await this.db.rows<{ old_daily: number; old_monthly: number; granted: number }>(
        'SELECT old_daily, old_monthly, granted FROM bible_take_chat_n($1, $2, $3, $4, $5, $6)',
        [keyId, day, month, n, dailyLimit, monthlyLimit],
      );
      const { old_daily: daily, old_monthly: monthly, granted } = row ?? { old_daily: 0, old_monthly: 0, granted: 0 };
      const refused: ChatTake = { refused: daily + granted >= dailyLimit ? 'daily' : 'monthly' };
      return Array.from({ length: n }, (_, i) =>
        i < granted ? { daily: daily + i + 1, monthly: monthly + i + 1 } : refused,
      );
    });
  }

  /** Summed per counter and written in the background, retried every second while the database is away. */
  giveBackSoon(keyId: number, kind: UsageKind, period: string): void {
    const id = `${keyId}\n${kind}\n${period}`;
    const pending = this.pendingGiveBacks.get(id);
    if (pending) pending.n += 1;
    else this.pendingGiveBacks.set(id, { keyId, kind, period, n: 1 });
    this.scheduleGiveBacks(0);
  }

  private scheduleGiveBacks(delay: number): void {
    if (this.giveBackTimer) return;
    this.giveBackTimer = setTimeout(() => {
      this.giveBackTimer = undefined;
      this.flushGiveBacks().catch(() => this.scheduleGiveBacks(1_000));
    }, delay);
    this.giveBackTimer.unref();
  }

  private async flushGiveBacks(): Promise<void> {
    for (const [id, g] of [...this.pendingGiveBacks]) {
      this.pendingGiveBacks.delete(id);
      try {
        await this.db.query(
          'UPDATE bible_usage SET count = greatest(0, count - $1) WHERE key_id = $2 AND kind = $3 AND period = $4',
          [g.n, g.keyId, g.kind, g.period],
        );
      } catch (err) {
        const again = this.pendingGiveBacks.get(id);
        if (again) again.n += g.n;
        else this.pendingGiveBacks.set(id, g);
        throw err;
      }
    }
  }
}
