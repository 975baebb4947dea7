import type Database from 'better-sqlite3';

/** A write that could not get SQLite's write lock within the wait a request may spend on it. */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
}

/** Whether an error is SQLite saying another connection holds the lock (SQLITE_BUSY, SQLITE_LOCKED and their subcodes). */
export function isLockError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

interface Waiting {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  deadline: number;
}

export interface WriteQueueOptions {
  /** How long a write may wait for the lock before it fails with StoreBusyError. */
  waitMs: number;
  /** Pause between attempts while another connection holds the lock. */
  retryMs: number;
}

/**
 * Writes of a server, batched and kept off the event loop's critical path. The writes that
 * arrive in one turn of the loop run in one IMMEDIATE transaction (a commit is paid once per
 * batch). When another connection holds the write lock, the batch is retried on a timer rather
 * than waited for synchronously, so requests that do not write go on; a write whose wait passes
 * `waitMs` fails with StoreBusyError. The connection's busy_timeout should be a few milliseconds:
 * it is the longest one attempt may block the loop.
 *
 * Corrections (`adjust`) never fail: they are summed per row and applied with the next batch that
 * gets the lock, however long that takes; pending ones are bounded by the number of rows.
 */
export class WriteQueue {
  private waiting: Waiting[] = [];
  private readonly corrections = new Map<string, { apply: (n: number) => void; n: number }>();
  private scheduled: NodeJS.Timeout | NodeJS.Immediate | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly options: WriteQueueOptions,
  ) {}

  /** Runs `work` inside the next batch's transaction; resolves with its result. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
        deadline: Date.now() + this.options.waitMs,
      });
      this.schedule(0);
    });
  }

  /** Adds `n` to a pending correction of the row named `row`, applied by `apply(total)` with a later batch. */
  adjust(row: string, n: number, apply: (total: number) => void): void {
    const pending = this.corrections.get(row);
    if (pending) pending.n += n;
    else this.corrections.set(row, { apply, n });
    this.schedule(0);
  }

  /** Whether writes are still waiting (for a clean shutdown). */
  get idle(): boolean {
    return this.waiting.length === 0 && this.corrections.size === 0;
  }

  /** Applies what is pending now, synchronously (on close). Lock errors are left to the caller. */
  drain(): void {
    this.flush(true);
  }

  private schedule(delay: number): void {
    if (this.scheduled) return;
    const go = () => {
      this.scheduled = undefined;
      this.flush(false);
    };
    this.scheduled = delay === 0 ? setImmediate(go) : setTimeout(go, delay);
  }

  private flush(throwOnLock: boolean): void {
    if (this.idle) return;
    const batch = this.waiting;
    const corrections = [...this.corrections.values()];
    this.waiting = [];
    let results: unknown[] | undefined;
    let failure: unknown;
    try {
      results = this.db
        .transaction(() => {
          for (const c of corrections) c.apply(c.n);
          // One failing write (not a lock) fails only itself, and the rest of the batch commits.
          return batch.map((w) => {
            try {
              return { ok: true, value: w.work() };
            } catch (err) {
              if (isLockError(err)) throw err;
              return { ok: false, value: err };
            }
          });
        })
        .immediate();
    } catch (err) {
      failure = err;
    }
    if (results) {
      // Flushing is synchronous: nothing was added to the corrections while they were applied.
      this.corrections.clear();
      for (const [i, w] of batch.entries()) {
        const r = results[i] as { ok: boolean; value: unknown };
        if (r.ok) w.resolve(r.value);
        else w.reject(r.value);
      }
      return;
    }
    // Nothing committed: the corrections stay pending for the next batch.
    if (!isLockError(failure)) {
      // Not contention: retrying would fail the same way.
      this.corrections.clear();
      for (const w of batch) w.reject(failure);
      return;
    }
    if (throwOnLock) {
      this.waiting = [...batch, ...this.waiting];
      throw failure;
    }
    const now = Date.now();
    for (const w of batch) {
      if (now >= w.deadline)
        w.reject(new StoreBusyError(`the key store stayed locked by another process for ${this.options.waitMs} ms`));
      else this.waiting.push(w);
    }
    this.schedule(this.options.retryMs);
  }
}
