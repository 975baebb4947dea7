import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

/**
 * The data routes' work, one request at a time in the order they came, each in a turn of the event
 * loop of its own (a setImmediate). A handler reads the library synchronously: run as they came in,
 * a hundred finds or six worst-case searches held the thread for seconds together, and /healthz,
 * the answers already made and a SIGTERM waited behind all of them. Between two turns the loop
 * polls for I/O, so they wait for at most the turn in progress, which the bounds on every
 * parameter keep short (README "Limits").
 */
export class Turns {
  private readonly waiting: Array<{ start: () => void; refuse: () => void }> = [];
  private busy = false;
  private closed = false;

  /** Runs `work` in its turn; after close(), refuses it (and every request still waiting) with 500. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start, reject) => {
      const refuse = () =>
        reject(new ApiError('INTERNAL_ERROR', 'the service is stopping; the request is safe to retry'));
      if (this.closed) return refuse();
      this.waiting.push({ start, refuse });
      if (!this.busy) {
        this.busy = true;
        this.next();
      }
    });
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** Requests waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** The process is stopping: no turn starts again, and the requests waiting are answered at once. */
  close(): void {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.refuse();
  }

  private next(): void {
    const turn = this.waiting.shift();
    if (turn) setImmediate(turn.start);
    else this.busy = false;
  }
}

/** The data middleware's last step: the route's handler runs in its turn. */
export function inTurn(turns: Turns): MiddlewareHandler<AppEnv> {
  return (_c, next) => turns.run(next);
}
