import { verseKey } from '../../core/reference/verse-key.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import { headwordTopics } from '../../library/import/known-modules.js';
import type { FindInput, Signal, Vote } from '../signal.js';
import { stem } from '../stem.js';
import type { FindStore } from '../store.js';

/** The Nave's topic that lists the verse, and the topic whose see-also line led to it. */
export interface TopicReason {
  signal: 'topics';
  label: string;
  from?: string;
  resource: string;
}

/** A topic reached through a see-also link counts for this much of one named directly. */
const SEE_ALSO = 0.5;
/** Each verse after the first of a reference range ("Matthew 6:25-34") counts for this much. */
const IN_RANGE = 0.5;
/** How many topics one word may reach by prefix ("forgiv" → FORGIVENESS, FORGIVE…). */
const PER_WORD = 2;
/** How sure a match of headword is: a phrase ("GOLDEN RULE"), a word ("ANGER"), a prefix ("forgiv…"). */
const MATCH = { phrase: 1, word: 0.8, prefix: 0.5 };
/** A topic listing up to this many verses speaks fully for each; a broader one less (by the square root). */
const NARROW = 8;
/** A topic listing more verses than this (GOD, JESUS) says next to nothing of any one and is passed over. */
const BROAD = 300;
/** How many see-also links of one topic are followed. */
const SEE_ALSO_MAX = 8;

type Topic = NonNullable<ReturnType<FindStore['topicWeighed']>>;

/** Topics whose headword is the word or phrase, or whose first word starts with the word's stem, with how sure each is. */
function topicsFor(input: FindInput, work: string, phrase: string): Array<{ topic: Topic; sure: number }> {
  const exact = input.store.topicWeighed(work, phrase, BROAD);
  if (exact) return [{ topic: exact, sure: phrase.includes(' ') ? MATCH.phrase : MATCH.word }];
  if (phrase.includes(' ')) return [];
  const s = stem(phrase);
  const near = input.store
    .topicSearch(work, s, 20)
    .map((t) => t.headword)
    .filter((h) => {
      const first = (h.toLowerCase().split(/[\s(,]+/)[0] ?? '').trim();
      return first.startsWith(s) && first.length - s.length <= 5;
    })
    .slice(0, PER_WORD);
  return near
    .map((h) => input.store.topicWeighed(work, h, BROAD))
    .filter((t): t is Topic => t !== undefined)
    .map((topic) => ({ topic, sure: MATCH.prefix }));
}

/**
 * Nave's Topical Bible: the topics the question's words and word pairs name (and the topics
 * their see-also lines point to), each verse they list weighted by how few verses the topic
 * lists, so a narrow topic (MELCHIZEDEK) says more about a verse than a broad one (LOVE).
 */
export const topics: Signal<TopicReason> = {
  name: 'topics',
  phase: 'vote',
  weight: 1,
  reads: "Nave's Topical Bible (the topical work whose headwords the question's words name)",
  works: (usable) => {
    const work = headwordTopics(usable)?.id;
    return work ? [work] : [];
  },
  credits: 'works',
  votes: (input, { works }) => topicVotes(input, works[0]),
  tell: (r) => (r.from ? `topic: ${r.label} (see also from ${r.from})` : `topic: ${r.label}`),
};

function topicVotes(input: FindInput, work: string | undefined): Array<Vote<TopicReason>> {
  if (!work) return [];
  // A count read from a digit names no topic: "70 times 7" is not Nave's SEVENTY (the seventy sent).
  const words = input.counts?.size ? input.words.filter((w) => !input.counts?.has(w)) : input.words;
  const phrases = [...words.slice(1).map((w, i) => `${words[i]} ${w}`), ...words];
  const votes = new Map<number, Vote<TopicReason>>();
  const seen = new Set<string>();
  const add = (topic: Topic, weight: number, reason: TopicReason) => {
    if (seen.has(topic.slug)) return;
    seen.add(topic.slug);
    if (topic.refs > BROAD || topic.sections === null) return [];
    const sections = JSON.parse(topic.sections) as TopicSection[];
    const refs = sections.flatMap((s) => s.refs);
    const each = weight * Math.min(1, Math.sqrt(NARROW / Math.max(1, refs.length)));
    for (const r of refs) {
      const last = r.vEnd ?? r.v;
      for (let v = r.v; v <= last; v++) {
        const key = verseKey(r.bookNum, r.ch, v);
        const score = each * (v === r.v ? 1 : IN_RANGE);
        const old = votes.get(key);
        if (!old || old.score < score) votes.set(key, { key, score, reason });
      }
    }
    return sections.flatMap((s) => s.see).slice(0, SEE_ALSO_MAX);
  };
  // A word that is part of a phrase naming a topic ("golden" in "golden rule") seeks no topic alone.
  const consumed = new Set<string>();
  for (const phrase of phrases) {
    if (consumed.has(phrase)) continue;
    const found = topicsFor(input, work, phrase);
    if (phrase.includes(' ') && found.length) for (const w of phrase.split(' ')) consumed.add(w);
    for (const { topic, sure } of found) {
      const also = add(topic, sure, { signal: 'topics', label: topic.headword, resource: work }) ?? [];
      for (const headword of also) {
        const next = input.store.topicWeighed(work, headword, BROAD);
        if (next)
          add(next, sure * SEE_ALSO, { signal: 'topics', label: next.headword, from: topic.headword, resource: work });
      }
    }
  }
  return [...votes.values()];
}
