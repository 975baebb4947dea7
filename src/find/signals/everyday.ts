import { type VerseKey, verseKey } from '../../core/reference/verse-key.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import { EVERYDAY_TOPICS } from '../../library/import/known-modules.js';
import { type LexicalMatch, wordsHeld } from '../full-text.js';
import { tokens } from '../question.js';
import type { FindInput, Signal, Vote } from '../signal.js';
import { inflectionless } from '../stem.js';

/** The Everyday Topics entry that lists the verse. */
export interface EverydayReason {
  signal: 'everyday';
  label: string;
  resource: string;
  /** The question's words that name the entry (find's confidence counts them answered). */
  words?: string[];
}

/** Each key verse after the first counts this much less (the first listed is the most cited). */
const PER_PLACE = 0.1;
/** Each verse after the first of a listed range ("Matthew 6:25-34") counts for this much. */
const IN_RANGE = 0.5;
/**
 * How much of the question a listed verse answers: the share of the question's content words
 * that its entry's words name or the verse's own words hold ("for I know the plans I have for
 * you": Jeremiah 29:11's entry names "plans", the verse holds "know"), squared, lifts its vote
 * from this floor to 1.
 */
const PARTLY_NAMED = 0.3;
const NAMED_POWER = 2;
/** A question of more content words than this is not looked for in the listed verses' own words. */
const OWN_WORDS_MAX = 8;

/**
 * Everyday Topics (our own index in today's words, data/everyday-topics/: the subjects people ask
 * about, the passages they know by a name, the best-known verses as people recall them), each
 * entry with the everyday words that name it and its key verses: the entries a question's words
 * name ("worry", "anxious" → Anxiety and worry; "plans" → God's plans for you), each key verse
 * voting by its place in the list, by how much of the question it answers (PARTLY_NAMED), and
 * once for each of the question's words its entry names, so that an entry naming two of them
 * ("work", "heart" → Whatever you do, do it heartily) outvotes the fifteen naming one ("heart").
 * Nave's names its topics in 1896's words (COVETOUSNESS, OLD AGE) and lists every verse that
 * touches one; this lists the few people mean. Counted as a Nave's topic's vote is (its votes
 * carry how much of the question an entry answers).
 */
export const everyday: Signal<EverydayReason> = {
  name: 'everyday',
  phase: 'vote',
  weight: 1,
  reads: "Everyday Topics (data/everyday-topics/), and the listed verses' own words",
  works: (usable) => usable.filter((r) => r.id === EVERYDAY_TOPICS.id).map((r) => r.id),
  votes: (input, { works, matches }) => everydayVotes(input, works[0], matches),
  tell: (r) => `everyday topic: ${r.label}`,
};

function everydayVotes(
  input: FindInput,
  work: string | undefined,
  matches: readonly LexicalMatch[],
): Array<Vote<EverydayReason>> {
  if (!work || !input.words.length) return [];
  // Each word as typed and without its inflection ("worries" → worry, "grieving" → griev, grieve):
  // the subjects list their words' common forms, not every one. A form may stand for two of the
  // question's words ("worried" and "worry" both give "worry"), and such words are one word here.
  const asked = new Map<string, Set<string>>();
  const group = new Map<string, string>(input.words.map((w) => [w, w]));
  for (const w of input.words) {
    const bare = inflectionless(w);
    for (const form of [w, bare, `${bare}e`, w.replace(/ie[sd]$/, 'y'), w.replace(/(?:ing|ed)$/, '')]) {
      const words = asked.get(form) ?? new Set<string>();
      for (const other of words) group.set(w, group.get(other) as string);
      words.add(w);
      asked.set(form, words);
    }
  }
  // Each entry the words name, once, with the question's words it names.
  const entries = new Map<string, { headword: string; sections: string; named: Set<string> }>();
  for (const t of input.store.topicsNamedBy(work, [...asked.keys()])) {
    const entry = entries.get(t.slug) ?? { headword: t.headword, sections: t.sections, named: new Set<string>() };
    for (const w of asked.get(t.word) ?? []) entry.named.add(w);
    entries.set(t.slug, entry);
  }
  const listed = [...entries.values()].map((e) => ({
    ...e,
    refs: (JSON.parse(e.sections) as TopicSection[]).flatMap((s) => s.refs),
    // How many of the question's words the entry names, forms of one word counted once.
    naming: new Set([...e.named].map((w) => group.get(w))).size,
  }));
  // The words an entry leaves unnamed, looked for in its verses; not in a long question, where
  // one word more answered moves a vote by little and reading them all costs most (24 words:
  // ~30 ms).
  const unnamed = new Set<string>();
  if (input.words.length <= OWN_WORDS_MAX)
    for (const e of listed) for (const w of input.words) if (!e.named.has(w)) unnamed.add(w);
  const holds = verseHolds(
    input,
    [...unnamed],
    listed.filter((e) => e.named.size < input.words.length).flatMap((e) => e.refs),
    matches,
  );
  const votes = new Map<VerseKey, Vote<EverydayReason>>();
  for (const entry of listed) {
    const reason: EverydayReason = {
      signal: 'everyday',
      label: entry.headword,
      resource: work,
      words: [...entry.named],
    };
    entry.refs.forEach((r, place) => {
      for (let v = r.v; v <= (r.vEnd ?? r.v); v++) {
        const key = verseKey(r.bookNum, r.ch, v);
        const own = holds.get(key);
        const answered = input.words.filter((w) => entry.named.has(w) || own?.includes(w)).length;
        const sure = PARTLY_NAMED + (1 - PARTLY_NAMED) * (answered / input.words.length) ** NAMED_POWER;
        const score = ((sure * entry.naming) / (1 + PER_PLACE * place)) * (v === r.v ? 1 : IN_RANGE);
        const old = votes.get(key);
        if (!old || old.score < score) votes.set(key, { key, score, reason });
      }
    });
  }
  return [...votes.values()];
}

/**
 * The question's words each listed verse holds itself, in any readable English translation: as
 * the lexical signal read them for the verses it matched, and from the verses' texts for the
 * rest (reading them all was ~1.5 ms of a cold `bible find`).
 */
function verseHolds(
  input: FindInput,
  words: string[],
  refs: TopicSection['refs'],
  matches: readonly LexicalMatch[],
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const wanted = new Set<number>();
  for (const r of refs) for (let v = r.v; v <= (r.vEnd ?? r.v); v++) wanted.add(verseKey(r.bookNum, r.ch, v));
  if (!wanted.size || !words.length) return out;
  const add = (key: number, words: readonly string[]) => {
    if (!words.length) return;
    const old = out.get(key);
    out.set(key, old ? [...new Set([...old, ...words])] : [...words]);
  };
  for (const m of matches) {
    if (!wanted.delete(m.key)) continue;
    for (const t in m.held)
      add(
        m.key,
        (m.held[t] as string[]).filter((w) => words.includes(w)),
      );
  }
  if (!wanted.size) return out;
  const held = wordsHeld(words);
  const keys = [...wanted];
  for (const t of input.translations)
    for (const [key, text] of input.store.verseTexts(t, keys)) add(key, held(tokens(text)));
  return out;
}
