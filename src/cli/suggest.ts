import { editDistance } from '../core/text/edit-distance.js';

export interface Named {
  id: string;
  name: string;
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The catalog item a mistyped id most likely meant: by id ("kvj" → kjv), by a word of its name
 * ("henry" → Matthew Henry's Concise Commentary; "spanish" → Reina-Valera 1909 (Spanish)), or
 * by an id or name word within a small edit distance. Undefined when nothing is near.
 */
export function nearest<T extends Named>(query: string, items: readonly T[]): T | undefined {
  const q = query.trim().toLowerCase();
  if (!q) return undefined;
  const qWords = words(q);
  let best: T | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const id = item.id.toLowerCase();
    const nameWords = words(item.name);
    let score: number;
    if (id.startsWith(q) || q.startsWith(id)) score = 0;
    else if (qWords.length && qWords.every((w) => nameWords.some((n) => n.startsWith(w)))) score = 0.5;
    else {
      const near = Math.min(editDistance(q, id), ...nameWords.flatMap((n) => qWords.map((w) => editDistance(w, n))));
      score = near <= (q.length <= 4 ? 1 : 2) ? near : Number.POSITIVE_INFINITY;
    }
    if (score < bestScore) {
      bestScore = score;
      best = item;
    }
  }
  return best;
}

/** "kjv (King James Version), web (World English Bible)": what exists, for an error line. */
export function listOf(items: readonly Named[]): string {
  return items.map((i) => `${i.id} (${i.name})`).join(', ');
}
