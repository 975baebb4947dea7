import type { VerseKey } from '../core/reference/verse-key.js';
import type { Ranked, Signal, Vote } from './signal.js';

/**
 * Every verse's fused score, and each signal's votes (by its place in the registry): maps over
 * the verses rather than a map and a set for each of the thousands of verses that get a vote
 * (~1 MB of allocations of a cold `bible find`). A vote's reason is read only for the verses
 * shown (some signals make it lazily, see Vote.reason).
 */
export interface Fused {
  score: Map<VerseKey, number>;
  votes: Array<Map<VerseKey, Vote>>;
}

export const fusedOf = (signals: number): Fused => ({
  score: new Map(),
  votes: Array.from({ length: signals }, () => new Map()),
});

/**
 * Adds one signal's votes (each from 0 to 1, but an Everyday Topics entry's, counted once for each
 * word of the question it names), scaled by the signal's weight: a linear sum of the votes rather
 * than reciprocal-rank fusion, which throws away how strong a vote is (a phrase matched in full or
 * in part, a narrow topic or a broad one; docs/signals.md has the figures).
 */
export function fuse(fused: Fused, at: number, signal: Signal, votes: Vote[]): void {
  const voted = fused.votes[at] as Map<VerseKey, Vote>;
  // Index loops: a cold for-of makes an object a step, and the votes are thousands.
  for (let i = 0; i < votes.length; i++) {
    const vote = votes[i] as Vote;
    fused.score.set(vote.key, (fused.score.get(vote.key) ?? 0) + signal.weight * vote.score);
    voted.set(vote.key, vote);
  }
}

/**
 * Scales the fused score of the verses a prior speaks for by 1 + weight × its vote, so a prior
 * reorders what the other signals found and adds nothing where they found nothing. A verse a
 * signal that keeps its place voted for (a named reference: the question chose it) is left alone.
 */
export function boost(fused: Fused, at: number, signal: Signal, votes: Vote[], kept: readonly number[]): void {
  for (let i = 0; i < votes.length; i++) {
    const vote = votes[i] as Vote;
    const score = fused.score.get(vote.key);
    if (score === undefined || kept.some((k) => fused.votes[k]?.has(vote.key))) continue;
    fused.score.set(vote.key, score * (1 + signal.weight * vote.score));
    fused.votes[at]?.set(vote.key, vote);
  }
}

const order = (a: Ranked[number], b: Ranked[number]) => b.score - a.score || a.key - b.key;

/**
 * All the verses in order, for a reader that stops after `limit` of them, passing over any the
 * translation lacks: `first` (the limit and a few more), and the rest sorted only if those run out.
 */
export function* inOrder(fused: Map<VerseKey, number>, first: Ranked): Generator<Ranked[number]> {
  yield* first;
  if (first.length < fused.size) yield* best(fused, fused.size).slice(first.length);
}

/**
 * The k best verses so far, best first (ties by key), as sorting them all would give them. The
 * signals after the fusion read 20-200 of them and the fused map holds thousands: sorting it all
 * with a comparator, four times, was ~4 ms of a cold `bible find`. The k-th best score is read off
 * the scores sorted natively (a Float64Array, no comparator), and only the verses at or above it
 * are sorted; the map is read without an entry array or object per verse (~1.5 ms of a cold find).
 */
export function best(fused: Map<VerseKey, number>, k: number): Ranked {
  const atLeast = (least: number | undefined): Ranked => {
    const out: Ranked = [];
    fused.forEach((score, key) => {
      if (least === undefined || score >= least) out.push({ key, score });
    });
    return out;
  };
  if (fused.size <= k) return atLeast(undefined).sort(order);
  const scores = new Float64Array(fused.size);
  // forEach: a cold for-of over the map's values makes an object a verse (thousands, three times).
  let i = 0;
  fused.forEach((score) => {
    scores[i++] = score;
  });
  scores.sort();
  const least = scores[scores.length - k] as number;
  // A score that is no number sorts last here and unlike anywhere in the comparator: sort all.
  if (Number.isNaN(least)) return atLeast(undefined).sort(order).slice(0, k);
  return atLeast(least).sort(order).slice(0, k);
}
