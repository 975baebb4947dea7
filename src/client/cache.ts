import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import CachePolicy from 'http-cache-semantics';
import type { TransportResponse } from './transport.js';

interface Entry {
  policy: CachePolicy.CachePolicyObject;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The client's on-disk response cache: successful GETs kept as long as their Cache-Control
 * allows (private, max-age=300), one file per identity and URL, where the identity is the key
 * (hashed) and the service. Policy decisions are http-cache-semantics', as a private cache.
 */
export class ResponseCache {
  constructor(
    private readonly dir: string,
    private readonly identity: string,
  ) {}

  private file(url: string): string {
    const name = createHash('sha256').update(`${this.identity}\n${url}`).digest('hex');
    return join(this.dir, name.slice(0, 2), `${name}.json`);
  }

  private static request(url: string) {
    return { url, method: 'GET', headers: {} };
  }

  get(url: string): TransportResponse | undefined {
    let entry: Entry;
    try {
      entry = JSON.parse(readFileSync(this.file(url), 'utf8')) as Entry;
    } catch {
      return undefined; // absent, or torn by a crash: a miss either way
    }
    const policy = CachePolicy.fromObject(entry.policy);
    if (!policy.satisfiesWithoutRevalidation(ResponseCache.request(url))) return undefined;
    return { status: entry.status, headers: { ...entry.headers, 'x-bible-cache': 'hit' }, body: entry.body };
  }

  put(url: string, res: TransportResponse): void {
    if (res.status !== 200) return;
    const policy = new CachePolicy(
      ResponseCache.request(url),
      { status: res.status, headers: res.headers },
      { shared: false },
    );
    if (!policy.storable() || policy.timeToLive() <= 0) return;
    const file = this.file(url);
    const entry: Entry = { policy: policy.toObject(), status: res.status, headers: res.headers, body: res.body };
    try {
      mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(entry), { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      // A cache that cannot be written is no cache; the answer is still good.
    }
  }
}
