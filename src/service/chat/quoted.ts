import type { FoundVerse } from '../../find/engine.js';

/**
 * Where at least this many of find's verses answer the question (a band above `weak`), the chat
 * quotes those alone: a weak verse after them is padding ("Israel's first king" went on to Isaiah
 * 44:6, "I am the first"). With fewer it quotes find's best as they come, weak ones too.
 */
const ANSWERING = 3;
/**
 * How many verses beside a quoted one may join it in all: a verse find also ranked among its best
 * that stands next to a quoted one is quoted with it, as one passage (Psalm 139:13-14 for "I feel
 * worthless"), without taking another verse's place.
 */
export const NEIGHBOURS = 2;

/** A verse that answers the situation the question tells, strongly (find's situation signal). */
const answersSituation = (r: FoundVerse) =>
  r.confidence.band === 'strong' && r.reasons.some((reason) => reason.signal === 'situation');

/**
 * A question read as a situation (a verse of the chosen answers it strongly) is quoted this many
 * more verses: a person telling what they live through is answered from more of the Everyday
 * Topics entries that speak to it (on the second life development set, written blind, the default
 * persona cited an expected verse for 67% of it with six, 72% with eight).
 */
export const SITUATION_MORE = 2;
/** A persona quoting this many verses or fewer (the simple helper) quotes no more for a situation. */
const FEW = 3;

/** Two verses side by side in one chapter. */
const beside = (a: FoundVerse, b: FoundVerse) =>
  a.book === b.book && a.chapter === b.chapter && Math.abs(a.v - b.v) === 1;

/**
 * The passages the chat quotes, and the verses chosen before their neighbours joined them: find's
 * `count` best verses (SITUATION_MORE more for a situation told; those that answer the question,
 * where ANSWERING do, and the situation's first where find's best does not; only where `banded`
 * says the bands can be trusted), each with
 * a verse beside it that find ranked among the `pool` best (NEIGHBOURS at most in all), the verses
 * of a passage in the Bible's order.
 */
export function quotedPassages(
  results: readonly FoundVerse[],
  count: number,
  pool: number,
  banded: boolean,
): { passages: FoundVerse[][]; best: FoundVerse[] } {
  const answering = results.slice(0, pool).filter((r) => r.confidence.band !== 'weak');
  let ranked = banded && answering.length >= ANSWERING ? answering : results.slice();
  // Find's best does not answer the question, but what answers the situation it tells does: that
  // first ("I lost my job today…": Philippians 4:19 before the lost sheep and the man Job).
  if (banded && ranked[0]?.confidence.band !== 'strong') {
    const pooled = ranked.slice(0, pool);
    const told = pooled.filter(answersSituation);
    ranked = [...told, ...pooled.filter((r) => !told.includes(r)), ...ranked.slice(pool)];
  }
  // A situation told gets a fuller answer, but the simple helper's few verses stay few.
  const situated = count > FEW && ranked.slice(0, count).some(answersSituation);
  const best = ranked.slice(0, situated ? count + SITUATION_MORE : count);
  const others = results.slice(0, Math.max(pool, count)).filter((r) => !best.includes(r));
  const passages: FoundVerse[][] = [];
  let joined = 0;
  for (const verse of best) {
    // A verse beside one quoted before it is part of that passage.
    let passage = passages.find((p) => p.some((v) => beside(v, verse)));
    if (!passage) {
      passage = [];
      passages.push(passage);
    }
    passage.push(verse);
    for (const other of others) {
      if (joined >= NEIGHBOURS || !beside(verse, other) || passage.includes(other)) continue;
      passage.push(other);
      joined++;
    }
    passage.sort((a, b) => a.v - b.v);
  }
  return { passages, best };
}
