import { BOOKS } from '../../core/canon/canon.js';
import { FIND_QUESTION_MAX } from '../../core/limits.js';
import type { FindResult, FoundVerse } from '../../core/schemas/find.js';
import { EVERYDAY_TOPICS, headwordTopics, WORDBOOK } from '../../library/import/known-modules.js';
import type { LibraryStore, ResourceRow } from '../../library/store/library-store.js';
import { FIND_TRANSLATIONS } from '../../library/store/schema.js';
import { readable } from '../access.js';
import type { Principal } from '../context.js';
import { commentaryVotes } from './commentary.js';
import { SOURCES as CROSSREF_SOURCES, crossrefVotes } from './crossrefs.js';
import { rootsHeld } from './derivation.js';
import { everydayVotes } from './everyday.js';
import { introductionVotes } from './introduction.js';
import { lexicalMatches, lexicalVotes } from './lexical.js';
import { namedVotes } from './named.js';
import { passageVotes } from './passage.js';
import { phraseVotes } from './phrase.js';
import { PROMINENCE_CANDIDATES, prominenceVotes } from './prominence.js';
import { contentWords, countWords } from './question.js';
import type { FindInput, SignalName, VerseKey, Vote } from './signal.js';
import { keyParts, SIGNALS } from './signal.js';
import { asksWordsOfChrist, CANDIDATES as SPEAKER_CANDIDATES, speakerVotes, withoutSpeaker } from './speaker.js';
import { spelledAsMeant } from './spelling.js';
import { storyVotes } from './stories.js';
import { strongsVotes } from './strongs.js';
import { topicVotes } from './topics.js';

/**
 * How much each signal's best vote is worth in the fused score. A named reference outranks
 * everything. The signals that read the question against the verses themselves (words, phrases,
 * Strong's numbers, Nave's topics) count alike; commentary headings and stories name whole
 * passages rather than verses, and cross-references only echo the other signals' best verses, so
 * each counts for less. Checked on the dev and train question sets together (bench/find.mjs):
 * around these values the figures are flat (MRR 0.79-0.82 with strongs 0.3-1, topics 0.5-1.2,
 * crossrefs 0.1-0.25); commentary on dev, train and train2 together (summed MRR 2.21-2.27 with
 * 0.4-0.75, against 2.15 without).
 */
const WEIGHTS: Record<SignalName, number> = {
  named: 100,
  lexical: 1,
  phrase: 1,
  passage: 0.3,
  // Only for "Who was X?" (introduction.ts): summed MRR of dev, train, train2 and train3 3.244 →
  // 3.282 at 1, flat to 2; as a multiplier instead, no better.
  introduction: 1,
  strongs: 1,
  topics: 1,
  // As a Nave's topic's: its votes carry how much of the question an entry answers (everyday.ts).
  // Flat from 0.7 to 1.5 (summed MRR of dev, train, train2 and train3 3.35-3.37).
  everyday: 1,
  commentary: 0.5,
  stories: 0.4,
  crossrefs: 0.25,
  // Multipliers, not votes (see boost): a verse Jesus speaks in counts for 3 times when his words
  // are asked for; the most widely cited verse's score for 1.6 times.
  speaker: 2,
  prominence: 0.6,
};

export interface FindOptions {
  translation: string;
  limit: number;
  /** Signals turned off (bench/find.mjs measures what each contributes). */
  without?: readonly SignalName[];
}

/**
 * Every verse's fused score, and its votes and resources by signal: maps over the verses rather
 * than a map and a set for each of the thousands of verses that get a vote (~1 MB of allocations of
 * a cold `bible find`). A vote's reason is read only for the verses shown (some signals tell it
 * lazily, see Vote.why).
 */
interface Fused {
  score: Map<VerseKey, number>;
  votes: Record<SignalName, Map<VerseKey, Vote>>;
  /** The resources votes named (see Vote.resource), for the attribution. */
  resources: Map<VerseKey, Set<string>>;
}

/**
 * Adds one signal's votes (each from 0 to 1, but an Everyday Topics entry's, counted once for each
 * word of the question it names), scaled by the signal's weight. A linear sum of the
 * votes rather than reciprocal-rank fusion: measured on the dev and train sets, RRF (k from 1 to
 * 60) lost 0.08-0.12 MRR, as it throws away how strong a vote is (a phrase matched in full or in
 * part, a narrow topic or a broad one).
 */
function fuse(fused: Fused, signal: SignalName, votes: Vote[]): void {
  const voted = fused.votes[signal];
  // Index loops: a cold for-of makes an object a step, and the votes are thousands.
  for (let i = 0; i < votes.length; i++) {
    const vote = votes[i] as Vote;
    fused.score.set(vote.key, (fused.score.get(vote.key) ?? 0) + WEIGHTS[signal] * vote.score);
    voted.set(vote.key, vote);
    if (vote.resource) {
      const resources = fused.resources.get(vote.key) ?? new Set<string>();
      resources.add(vote.resource);
      fused.resources.set(vote.key, resources);
    }
  }
}

/**
 * Scales the fused score of the verses a prior speaks for by 1 + weight × its vote, so a prior
 * reorders what the other signals found and adds nothing where they found nothing. A named
 * reference keeps its place: the question chose it.
 */
function boost(fused: Fused, signal: SignalName, votes: Vote[]): void {
  for (let i = 0; i < votes.length; i++) {
    const vote = votes[i] as Vote;
    const score = fused.score.get(vote.key);
    if (score === undefined || fused.votes.named.has(vote.key)) continue;
    fused.score.set(vote.key, score * (1 + WEIGHTS[signal] * vote.score));
    fused.votes[signal].set(vote.key, vote);
  }
}

/** Content words past this many add little but cost a lookup each; a long question is read up to here. */
const MAX_WORDS = 24;

type Ranked = Array<{ key: VerseKey; score: number }>;
const order = (a: Ranked[number], b: Ranked[number]) => b.score - a.score || a.key - b.key;

/**
 * All the verses in order, for a reader that stops after `limit` of them, passing over any the
 * translation lacks: `first` (the limit and a few more), and the rest sorted only if those run out.
 */
function* inOrder(fused: Map<VerseKey, number>, first: Ranked): Generator<Ranked[number]> {
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
function best(fused: Map<VerseKey, number>, k: number): Ranked {
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

/**
 * The verses a question most likely means, best first, drawing only on what the principal may
 * read: named references, then a fusion of lexical ranking over the KJV and WEB, Strong's
 * numbers, Nave's topics, commentary headings, stories and TSK cross-references (each in its own
 * module). Throws the
 * service's 404/403 when the translation is unknown or not readable.
 */
export function findVerses(
  store: LibraryStore,
  principal: Principal,
  question: string,
  options: FindOptions,
): FindResult {
  const resource = readable(store, principal, 'bible', options.translation);
  const usable = store.resources().filter((r) => principal.canRead(r.id));
  const firstOf = (kind: ResourceRow['kind']) => usable.find((r) => r.kind === kind);
  const on = (s: SignalName) => !options.without?.includes(s);
  // Bounded work whoever calls: the endpoint caps a question's length, the chat may not.
  const text = question.slice(0, FIND_QUESTION_MAX);
  const lexicons = usable
    .filter((r) => r.kind === 'lexicon')
    .map((r): 'greek' | 'hebrew' => (r.id.endsWith('greek') ? 'greek' : 'hebrew'));
  const input: FindInput = {
    store,
    question: text,
    words: rootsHeld(
      store,
      spelledAsMeant(store, withoutSpeaker(contentWords(text), text).slice(0, MAX_WORDS), lexicons),
    ),
    counts: countWords(text),
    translations: FIND_TRANSLATIONS.filter((id) => usable.some((r) => r.kind === 'bible' && r.id === id)),
    topics: on('topics') ? headwordTopics(usable)?.id : undefined,
    everyday: on('everyday') ? usable.find((r) => r.id === EVERYDAY_TOPICS.id)?.id : undefined,
    crossrefs: on('crossrefs') ? firstOf('crossrefs')?.id : undefined,
    prominence: on('prominence') ? firstOf('crossrefs')?.id : undefined,
    stories: on('stories') ? firstOf('stories')?.id : undefined,
    wordbook: usable.some((r) => r.id === 'kjv') ? usable.find((r) => r.id === WORDBOOK.id)?.id : undefined,
    commentaries: on('commentary') ? usable.filter((r) => r.kind === 'commentary').map((r) => r.id) : [],
    lexicons,
  };
  const fused: Fused = {
    score: new Map(),
    votes: Object.fromEntries(SIGNALS.map((s) => [s, new Map()])) as Fused['votes'],
    resources: new Map(),
  };
  if (on('named')) fuse(fused, 'named', namedVotes(input));
  const matches = on('lexical') || on('phrase') ? lexicalMatches(input) : [];
  if (on('lexical')) fuse(fused, 'lexical', lexicalVotes(input, matches));
  if (on('phrase')) fuse(fused, 'phrase', phraseVotes(input, matches));
  if (on('lexical') && on('passage')) fuse(fused, 'passage', passageVotes(input, matches));
  if (on('introduction')) fuse(fused, 'introduction', introductionVotes(input));
  if (on('strongs')) fuse(fused, 'strongs', strongsVotes(input));
  fuse(fused, 'topics', topicVotes(input));
  fuse(fused, 'everyday', everydayVotes(input, matches));
  fuse(fused, 'commentary', commentaryVotes(input));
  fuse(fused, 'stories', storyVotes(input));
  fuse(fused, 'crossrefs', crossrefVotes(input, best(fused.score, CROSSREF_SOURCES)));
  // Asked first: most questions are not after his words, and their 200 best would go unread.
  if (on('speaker') && asksWordsOfChrist(text))
    boost(fused, 'speaker', speakerVotes(input, best(fused.score, SPEAKER_CANDIDATES)));
  boost(fused, 'prominence', prominenceVotes(input, best(fused.score, PROMINENCE_CANDIDATES)));

  const results: FoundVerse[] = [];
  const drawn = new Set<SignalName>();
  const resources = new Set<string>();
  // The limit and a few more, their texts read in one query; any further verse one by one.
  const first = best(fused.score, options.limit + 10);
  const texts = store.verseTexts(
    resource.id,
    first.map((r) => r.key),
  );
  let read = 0;
  for (const { key, score } of inOrder(fused.score, first)) {
    if (results.length >= options.limit) break;
    const { book, chapter, verse } = keyParts(key);
    const text =
      read++ < first.length ? texts.get(key) : store.verses(resource.id, book, chapter, verse, chapter, verse)[0]?.text;
    if (text === undefined) continue;
    const why = SIGNALS.filter((s) => fused.votes[s].has(key));
    for (const s of why) drawn.add(s);
    for (const r of fused.resources.get(key) ?? []) resources.add(r);
    const name = (BOOKS[book - 1] as (typeof BOOKS)[number]).name;
    results.push({
      ref: `${name} ${chapter}:${verse}`,
      book: name,
      chapter,
      v: verse,
      text,
      score: Math.round(score * 1000) / 1000,
      why: why.map((s) => (fused.votes[s].get(key) as Vote).why),
    });
  }
  return {
    query: question,
    translation: resource.id,
    results,
    attribution: attributionOf(resource, input, drawn, resources, usable),
  };
}

/** The translation's attribution line, then that of every other resource a shown result drew on. */
function attributionOf(
  translation: ResourceRow,
  input: FindInput,
  drawn: Set<SignalName>,
  resources: Set<string>,
  usable: ResourceRow[],
): string {
  const ids = new Set<string>([translation.id]);
  if (['lexical', 'phrase', 'strongs'].some((s) => drawn.has(s as SignalName)))
    for (const id of input.translations) ids.add(id);
  if (drawn.has('topics') && input.topics) ids.add(input.topics);
  if (drawn.has('stories') && input.stories) ids.add(input.stories);
  if (drawn.has('crossrefs') && input.crossrefs) ids.add(input.crossrefs);
  if (drawn.has('prominence') && input.prominence) ids.add(input.prominence);
  for (const id of resources) ids.add(id);
  if (drawn.has('strongs')) for (const r of usable) if (r.kind === 'lexicon') ids.add(r.id);
  return [...ids]
    .map((id) => usable.find((r) => r.id === id)?.attribution)
    .filter((a): a is string => a !== undefined)
    .join('\n');
}
