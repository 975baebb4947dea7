import Database from 'better-sqlite3';
import { preparedOnce } from './prepared.js';

/**
 * How long one slice of a stepped scan reads before it gives the event loop a turn. A search that
 * reads most of a translation (32 common words OR-ed, ranked) reads for half a second or more; in
 * slices, `bible serve` answers /healthz and its other connections between them.
 */
export const SCAN_SLICE_MS = 20;

/** Rows read between two looks at the clock (a look costs more than a row of a scan). */
const ROWS_PER_CLOCK = 64;

/** A scan as a generator: it yields where it may be paused, and returns what it read. */
export type Steps<T> = Generator<void, T, void>;

/** A prepared-statement source: the store's own connection, or the scan connection. */
export type Prepare = (sql: string) => Database.Statement;

/** When a slice has read long enough: asked after each step, it looks at the clock every ROWS_PER_CLOCK. */
export class SliceClock {
  private start = performance.now();
  private steps = 0;

  /** `sliceMs`: how long a slice reads (Infinity: one slice, for a scan read at once). */
  constructor(private readonly sliceMs: number) {}

  due(): boolean {
    return ++this.steps % ROWS_PER_CLOCK === 0 && this.over();
  }

  /** The slice has read its time (for steps long enough to look at the clock after each). */
  over(): boolean {
    return performance.now() - this.start >= this.sliceMs;
  }

  /** A new slice begins (after the pause, so the time paused is not counted as reading). */
  restart(): void {
    this.start = performance.now();
  }
}

/** What a scan reads with: a connection's prepared statements, and the clock of its slices. */
export interface Scan {
  prepare: Prepare;
  clock: SliceClock;
}

/** Each item to `take`, pausing when the slice is due. */
export function* eachInSlices<T>(items: Iterable<T>, take: (item: T) => void, clock: SliceClock): Steps<void> {
  for (const item of items) {
    take(item);
    if (clock.due()) yield;
  }
}

/** Each row of `stmt` (raw: an array of columns) to `take`, pausing when the slice is due. */
export function rowsInSlices(
  stmt: Database.Statement,
  params: unknown[],
  take: (row: unknown[]) => void,
  clock: SliceClock,
): Steps<void> {
  return eachInSlices(stmt.raw().iterate(...params) as IterableIterator<unknown[]>, take, clock);
}

/** Runs of this many are sorted at once; longer lists are merged from them, a slice at a time. */
const SORTED_RUN = 1024;

/**
 * The indices 0…n-1 in the order of `compare`, pausing after every SCAN_SLICE_MS: a bottom-up
 * merge sort, where one sort of a whole translation's matches (~31,000, by rank) held the thread
 * for some 30-50 ms.
 */
export function* sortInSlices(
  n: number,
  compare: (a: number, b: number) => number,
  clock: SliceClock,
): Steps<Int32Array> {
  let from = Int32Array.from({ length: n }, (_, i) => i);
  let to = new Int32Array(n);
  for (let lo = 0; lo < n; lo += SORTED_RUN) {
    from.subarray(lo, Math.min(lo + SORTED_RUN, n)).sort(compare);
    if (clock.over()) yield;
  }
  for (let width = SORTED_RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        const a = from[i] as number;
        const b = from[j] as number;
        if (j >= hi || (i < mid && compare(a, b) <= 0)) {
          to[k] = a;
          i++;
        } else {
          to[k] = b;
          j++;
        }
        if (clock.due()) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Runs a scan to its end at once (the CLI's own process, a benchmark: nothing else waits). */
export function drain<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * A second read-only connection to the library, for scans that pause between slices. A statement
 * paused mid-iteration holds its connection (better-sqlite3 refuses any other statement on it
 * meanwhile), so the store's own connection stays free for the requests answered between the
 * slices. One scan at a time, in the order asked; each slice in a turn of the event loop of its
 * own (a setImmediate), as the service's Turns runs requests.
 */
export class ScanConnection {
  private db: Database.Database | undefined;
  private prepare: Prepare | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private scanning = false;

  /** `sliceMs`: how long each slice reads (SCAN_SLICE_MS; a test's 0 pauses every ROWS_PER_CLOCK rows). */
  constructor(
    private readonly path: string,
    private readonly sliceMs = SCAN_SLICE_MS,
  ) {}

  run<T>(scan: (s: Scan) => Steps<T>): Promise<T> {
    const turn = this.queue.then(async () => {
      const clock = new SliceClock(this.sliceMs);
      const steps = scan({ prepare: this.connection(), clock });
      this.scanning = true;
      try {
        for (;;) {
          const next = steps.next();
          if (next.done) return next.value;
          await new Promise<void>((resolve) => setImmediate(resolve));
          clock.restart();
          if (this.closed) {
            steps.return(undefined as T);
            throw new Error('the library was closed during a search');
          }
        }
      } finally {
        this.scanning = false;
        if (this.closed) this.db?.close();
      }
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  close(): void {
    this.closed = true;
    // A paused scan's statement is let go first: its run closes the connection after it.
    if (!this.scanning) this.db?.close();
  }

  private connection(): Prepare {
    if (this.closed) throw new Error('the library is closed');
    if (!this.prepare) {
      this.db = new Database(this.path, { readonly: true, fileMustExist: true });
      this.prepare = preparedOnce(this.db);
    }
    return this.prepare;
  }
}
