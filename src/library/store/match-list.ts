import { verseKey } from '../../core/reference/verse-key.js';
import { type SliceClock, type Steps, sortInSlices } from './stepped-scan.js';

/**
 * How many searches' match lists the store keeps (least recently used out). Each is one 4-byte id
 * per matching verse, at most a translation's ~31,000 (~125 KB), so the whole is bounded by ~2 MB.
 * A page after the first (`--limit all`, `--offset`) reads its verses from the list instead of
 * matching and ranking every verse again.
 */
export const MATCH_LISTS_KEPT = 16;

/** Every verse a search matched, in its order (canonical, or by rank then canonical), and how many per book. */
export interface MatchList {
  ids: Int32Array;
  byBook: Array<{ book: number; count: number }>;
}

/** The rows of a search's scan (`[id, book, chapter, verse, rank?]`), gathered and then put in order. */
export class MatchGatherer {
  private readonly ids: number[] = [];
  private readonly keys: number[] = [];
  private readonly ranks: number[] = [];
  private readonly counts = new Map<number, number>();

  constructor(private readonly ranked: boolean) {}

  readonly take = (row: unknown[]): void => {
    const [id, book, chapter, verse, rank] = row as [number, number, number, number, number?];
    this.ids.push(id);
    this.keys.push(verseKey(book, chapter, verse));
    if (this.ranked) this.ranks.push(rank as number);
    this.counts.set(book, (this.counts.get(book) ?? 0) + 1);
  };

  /** The list: by rank (bm25, lower is better) then canonical order when ranked, else canonical. */
  *list(clock: SliceClock): Steps<MatchList> {
    const { ids, keys, ranks } = this;
    const order = yield* sortInSlices(
      ids.length,
      this.ranked
        ? (a, b) => (ranks[a] as number) - (ranks[b] as number) || (keys[a] as number) - (keys[b] as number)
        : (a, b) => (keys[a] as number) - (keys[b] as number),
      clock,
    );
    const byBook = [...this.counts].sort(([a], [b]) => a - b).map(([book, count]) => ({ book, count }));
    return { ids: order.map((i) => ids[i] as number), byBook };
  }
}

/** The match lists kept, least recently used out. */
export class MatchLists {
  private readonly kept = new Map<string, MatchList>();

  get(key: string): MatchList | undefined {
    const list = this.kept.get(key);
    if (list) {
      this.kept.delete(key);
      this.kept.set(key, list);
    }
    return list;
  }

  set(key: string, list: MatchList): void {
    this.kept.delete(key);
    if (this.kept.size >= MATCH_LISTS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, list);
  }
}
