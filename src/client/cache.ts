import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheUse, noteFresh } from './cache-use.js';
import type { TransportResponse } from './transport.js';

interface Entry {
  /** When the answer stops being fresh (ms since the epoch), as the policy worked it out. */
  expires: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The client's on-disk response cache: successful GETs kept as long as their Cache-Control
 * allows (private, max-age=300), one file per identity and URL, where the identity is the key
 * (hashed) and the service. Whether an answer may be stored, and for how long, is decided by
 * http-cache-semantics as a private cache when it is stored; a read only compares the clock with
 * that decision, so a cache hit loads no policy code at all.
 */
export class ResponseCache {
  constructor(
    private readonly dir: string,
    private readonly identity: string,
    private readonly now: () => number = Date.now,
  ) {}

  private file(url: string): string {
    const name = createHash('sha256').update(`${this.identity}\n${url}`).digest('hex');
    return join(this.dir, name.slice(0, 2), `${name}.json`);
  }

  get(url: string): TransportResponse | undefined {
    let entry: Entry;
    try {
      entry = JSON.parse(readFileSync(this.file(url), 'utf8')) as Entry;
    } catch {
      cacheUse.misses++;
      return undefined; // absent, or torn by a crash: a miss either way
    }
    if (!(typeof entry.expires === 'number' && this.now() < entry.expires)) {
      cacheUse.misses++;
      return undefined;
    }
    cacheUse.hits++;
    noteFresh(entry.expires);
    return { status: entry.status, headers: { ...entry.headers, 'x-bible-cache': 'hit' }, body: entry.body };
  }

  async put(url: string, res: TransportResponse): Promise<void> {
    if (res.status !== 200) return;
    const { default: CachePolicy } = await import('http-cache-semantics');
    const policy = new CachePolicy(
      { url, method: 'GET', headers: {} },
      { status: res.status, headers: res.headers },
      { shared: false },
    );
    // maxAge less the Age header, not timeToLive(): that also subtracts the real time passed since
    // the policy was made, so the lifetime would depend on how loaded the machine is.
    const age = Number(res.headers.age ?? 0) || 0;
    const ttl = policy.storable() ? Math.max(0, policy.maxAge() - age) * 1000 : 0;
    if (ttl <= 0) return;
    const file = this.file(url);
    const entry: Entry = { expires: this.now() + ttl, status: res.status, headers: res.headers, body: res.body };
    try {
      mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(entry), { mode: 0o600 });
      renameSync(tmp, file);
      cacheUse.kept++;
      noteFresh(entry.expires);
    } catch {
      // A cache that cannot be written is no cache; the answer is still good.
    }
  }
}
