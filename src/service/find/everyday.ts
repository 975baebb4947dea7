import type { TopicSection } from '../../core/schemas/topics.js';
import type { FindInput, Vote } from './signal.js';
import { verseKey } from './signal.js';
import { inflectionless } from './stem.js';

/** Each key verse after the first counts this much less (the first listed is the most cited). */
const PER_PLACE = 0.1;
/** Each verse after the first of a listed range ("Matthew 6:25-34") counts for this much. */
const IN_RANGE = 0.5;
/**
 * A topic whose words name every content word of the question ("what does the Bible say about
 * greed?") is what the question asks, and its verses vote in full; one naming a few of them
 * ("children are a gift from God": Children) votes half, and a little more by the share named to
 * the 4th power. Summed over dev, train and train2, against half for every topic: MRR 2.432 →
 * 2.470, success@3 2.603 → 2.676 (flat with the whole up to 2 to 4 times the half at the 4th
 * power; the 1st or 2nd power lost dev's MRR).
 */
const PARTLY_NAMED = 0.5;
const NAMED_POWER = 4;

/**
 * Everyday Topics (our own index of the subjects people ask about, in today's words, with their
 * key verses): the topics a question's words name ("worry", "anxious" → Anxiety and worry), each
 * key verse voting by its place in the list. Nave's names its topics in 1896's words
 * (COVETOUSNESS, OLD AGE) and lists every verse that touches one; this lists the few people mean.
 */
export function everydayVotes(input: FindInput): Vote[] {
  const work = input.everyday;
  if (!work || !input.words.length) return [];
  // Each word as typed and without its inflection ("worries" → worry, "grieving" → griev, grieve):
  // the subjects list their words' common forms, not every one.
  const asked = new Map<string, string>();
  for (const w of input.words) {
    const bare = inflectionless(w);
    for (const form of [w, bare, `${bare}e`, w.replace(/ie[sd]$/, 'y'), w.replace(/(?:ing|ed)$/, '')])
      if (!asked.has(form)) asked.set(form, w);
  }
  const named = input.store.topicsNamedBy(work, [...asked.keys()]);
  // Which of the question's words each topic's words name (a form found stands for its word).
  const namedWords = new Map<string, Set<string>>();
  for (const t of named) {
    const set = namedWords.get(t.slug) ?? new Set<string>();
    set.add(asked.get(t.word) as string);
    namedWords.set(t.slug, set);
  }
  const votes = new Map<number, Vote>();
  const seen = new Set<string>();
  for (const topic of named) {
    if (seen.has(topic.slug)) continue;
    seen.add(topic.slug);
    const why = `everyday topic: ${topic.headword}`;
    const refs = (JSON.parse(topic.sections) as TopicSection[]).flatMap((s) => s.refs);
    const coverage = (namedWords.get(topic.slug)?.size ?? 0) / input.words.length;
    const sure = PARTLY_NAMED + (1 - PARTLY_NAMED) * coverage ** NAMED_POWER;
    refs.forEach((r, place) => {
      const weight = sure / (1 + PER_PLACE * place);
      for (let v = r.v; v <= (r.vEnd ?? r.v); v++) {
        const key = verseKey(r.bookNum, r.ch, v);
        const score = weight * (v === r.v ? 1 : IN_RANGE);
        const old = votes.get(key);
        if (!old || old.score < score) votes.set(key, { key, score, why, resource: work });
      }
    });
  }
  return [...votes.values()];
}
