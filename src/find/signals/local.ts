import type { Signal, Vote } from '../signal.js';

/** The question's words a verse of the translation in the question's language holds, and its word pairs in order. */
export interface LocalReason {
  signal: 'local';
  translation: string;
  /** The question's words (as their stems) the verse holds. */
  words: string[];
  /** Of the question's word pairs, how many the verse has side by side. */
  pairs: number;
  of: number;
  /** The translation, whose attribution a verse shown for it makes due. */
  resource: string;
}

/** How many verses of the translation's own index are judged. */
const DEPTH = 200;
/** A stem in more verses than this is left out of the index query when the question has rarer ones. */
const COMMON = 2500;
/** About how many verses a translation holds: a stem's rarity is read against it. */
const VERSES = 31_102;
/** A phrase counts from this many pairs in order ("de tal" alone is no phrase). */
const MIN_PAIRS = 2;

/**
 * A question in the language of a translation (a Spanish question and the RV1909): BM25 over the
 * translation's verses as Snowball stems (find_local_fts), each verse's relevance times the share
 * of the question's words it holds (each weighed by its rarity), and half again for the share of
 * the question's word pairs it has in order: a half-remembered line ("todo lo puedo en Cristo que
 * me fortalece") is its own words side by side. The English signals read the question through
 * its English reading (local-reading.ts); this one reads it as written.
 */
export const local: Signal<LocalReason> = {
  name: 'local',
  phase: 'vote',
  weight: 1,
  reads: "the words of the question's own language in a translation of that language (Snowball stems)",
  votes(input) {
    const reading = input.local;
    if (!reading?.stems.length) return [];
    const { store } = input;
    const frequency = new Map(reading.stems.map((s) => [s, store.localFrequency(reading.translation, s)]));
    const rare = reading.stems.filter((s) => (frequency.get(s) ?? 0) <= COMMON);
    const searched = rare.length ? rare : reading.stems;
    const match = searched.map((s) => `"${s.replace(/"/g, '""')}"`).join(' OR ');
    const rows = store.localRanked(reading.translation, match, DEPTH);
    const best = rows[0]?.score ?? 0;
    if (best <= 0) return [];
    const weight = new Map(reading.stems.map((s) => [s, Math.log(1 + VERSES / (1 + (frequency.get(s) ?? 0)))]));
    const total = [...weight.values()].reduce((a, b) => a + b, 0);
    const wanted = new Set(reading.phrase.slice(1).map((s, i) => `${reading.phrase[i]} ${s}`));
    const votes: Array<Vote<LocalReason>> = [];
    for (const row of rows) {
      const stems = row.stems.split(' ');
      const has = new Set(stems);
      const words = reading.stems.filter((s) => has.has(s));
      const held = words.reduce((sum, s) => sum + (weight.get(s) ?? 0), 0);
      const pairs = new Set<string>();
      for (let i = 1; i < stems.length; i++) {
        const pair = `${stems[i - 1]} ${stems[i]}`;
        if (wanted.has(pair)) pairs.add(pair);
      }
      const phrase = pairs.size >= MIN_PAIRS ? pairs.size / wanted.size : 0;
      const score = (row.score / best) * (total > 0 ? held / total : 0) + phrase * 0.5;
      if (score > 0)
        votes.push({
          key: row.key,
          score: Math.min(1, score),
          reason: {
            signal: 'local',
            translation: reading.translation,
            words,
            pairs: pairs.size,
            of: wanted.size,
            resource: reading.translation,
          },
        });
    }
    return votes;
  },
  tell: (r) =>
    `words (${r.translation.toUpperCase()}): ${r.words.join(', ')}${r.pairs >= MIN_PAIRS ? `; ${r.pairs} of ${r.of} word pairs in order` : ''}`,
};
