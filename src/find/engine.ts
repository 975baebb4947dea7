import { type Book, bookByNumber } from '../core/canon/canon.js';
import { FIND_QUESTION_MAX } from '../core/limits.js';
import { keyParts } from '../core/reference/verse-key.js';
import { WORDBOOK } from '../library/import/known-modules.js';
import type { ResourceRow } from '../library/store/library-store.js';
import { FIND_TRANSLATIONS } from '../library/store/schema.js';
import {
  BAR_READ,
  type Confidence,
  clearsBar,
  confidenceOf,
  mostlyUnknown,
  notUnderstood,
  weakened,
} from './confidence.js';
import { rootsHeld } from './derivation.js';
import { lexicalMatches } from './full-text.js';
import { best, boost, fuse, fusedOf, inOrder } from './fusion.js';
import { readQuestion } from './local-reading.js';
import { contentWords, countWords } from './question.js';
import { REGISTRY, type Reason, type SignalName } from './registry.js';
import type { FindInput, ReasonBase, Signal } from './signal.js';
import { withoutSpeaker } from './signals/speaker.js';
import { spelledAsMeant } from './spelling.js';
import type { FindStore } from './store.js';

export interface FindOptions {
  /** The translation to show, one of `resources` (the caller has checked the asker may read it). */
  translation: string;
  /** The resources the asker may read: every signal draws on these alone. */
  resources: readonly ResourceRow[];
  limit: number;
  /** Signals turned off (bench/find.mjs measures what each contributes). */
  without?: readonly SignalName[];
  /** Show the best verses even where none clears the confidence bar (`bible find --all`). */
  all?: boolean;
  /**
   * The asker named the translation (`-t kjv`): a question in another language is still read in
   * its own language, but answered from this translation rather than one in that language.
   */
  keep?: boolean;
}

/** A verse found, with its fused score and its reasons as data (the route words them). */
export interface FoundVerse {
  ref: string;
  book: string;
  chapter: number;
  v: number;
  text: string;
  score: number;
  reasons: Reason[];
  /** How well it answers the question (confidence.ts). */
  confidence: Confidence;
}

export interface Found {
  query: string;
  translation: string;
  /** The question's language (BCP 47 base code), and its name where the library has no translation in it (it was read as English). */
  language: string;
  unread?: string;
  results: FoundVerse[];
  /** The question's content words as read (question.ts): what the confidence counts. */
  words: string[];
  /**
   * Set where no verse clears the confidence bar (confidence.ts): the results are then none
   * (unless `all`), and these are the question's words nothing understood.
   */
  unanswered?: { unknown: string[] };
  /** The resources whose attribution the results make due, in the order it is told. */
  drawnOn: string[];
}

/** Content words past this many add little but cost a lookup each; a long question is read up to here. */
const MAX_WORDS = 24;

/** The translations shown whose questions the confidence bar judges (see findVerses). */
const ENGLISH_SHOWN: ReadonlySet<string> = new Set(FIND_TRANSLATIONS);

/** A signal as this question runs it: on, with the works it draws on. */
interface Run {
  at: number;
  signal: Signal;
  works: readonly string[];
}

/**
 * The verses a question most likely means, best first, drawing only on the resources given:
 * named references, then a fusion of the registry's signals (registry.ts), each in its own module.
 * Access is the caller's: it passes what the asker may read.
 */
export function findVerses(store: FindStore, question: string, options: FindOptions): Found {
  const usable = options.resources;
  if (!usable.some((r) => r.kind === 'bible' && r.id === options.translation))
    throw new Error(`find: '${options.translation}' is not among the readable translations`);
  // Bounded work whoever calls: the endpoint caps a question's length, the chat may not.
  const bibles = usable.filter((r) => r.kind === 'bible').map((r) => r.id);
  const reading = readQuestion(store, question.slice(0, FIND_QUESTION_MAX), options.translation, bibles, options.keep);
  const resource = usable.find((r) => r.id === reading.translation) as ResourceRow;
  const text = reading.text;
  const lexicons = usable
    .filter((r) => r.kind === 'lexicon')
    .map((r): 'greek' | 'hebrew' => (r.id.endsWith('greek') ? 'greek' : 'hebrew'));
  const input: FindInput = {
    store,
    question: text,
    words: rootsHeld(
      store,
      spelledAsMeant(store, withoutSpeaker(contentWords(text), text).slice(0, MAX_WORDS), lexicons, usable),
    ),
    counts: countWords(text),
    translations: FIND_TRANSLATIONS.filter((id) => usable.some((r) => r.kind === 'bible' && r.id === id)),
    wordbook: usable.some((r) => r.id === 'kjv') ? usable.find((r) => r.id === WORDBOOK.id)?.id : undefined,
    lexicons,
    local: reading.local,
  };
  const runs = running(usable, options.without ?? []);
  const fused = fusedOf(REGISTRY.length);
  const matches = runs.some((r) => r.signal.ranks) ? lexicalMatches(input) : [];
  const kept = runs.filter((r) => r.signal.keepsPlace).map((r) => r.at);
  for (const { at, signal, works } of runs) {
    if (signal.asks && !signal.asks(text)) continue;
    const ranked = signal.candidates ? best(fused.score, signal.candidates) : [];
    const votes = signal.votes(input, { works, matches, ranked });
    if (signal.phase === 'boost') boost(fused, at, signal, votes, kept);
    else fuse(fused, at, signal, votes);
  }

  const results: FoundVerse[] = [];
  // The bar is judged on the best BAR_READ verses whatever the limit, so a smaller limit answers
  // the same question alike.
  const read = Math.max(options.limit, BAR_READ);
  // The verses read and a few more, their texts read in one query; any further verse one by one.
  const first = best(fused.score, read + 10);
  const texts = store.verseTexts(
    resource.id,
    first.map((r) => r.key),
  );
  // A count read from a digit ("350" → three, hundred, fifty) names no subject: not counted.
  const asked = input.counts?.size ? input.words.filter((w) => !input.counts?.has(w)) : input.words;
  let seen = 0;
  for (const { key, score } of inOrder(fused.score, first)) {
    if (results.length >= read) break;
    const { book, chapter, verse } = keyParts(key);
    const text =
      seen++ < first.length ? texts.get(key) : store.verses(resource.id, book, chapter, verse, chapter, verse)[0]?.text;
    if (text === undefined) continue;
    const reasons: Reason[] = [];
    for (const votes of fused.votes) {
      const vote = votes.get(key);
      if (vote) reasons.push(vote.reason as Reason);
    }
    const name = (bookByNumber(book) as Book).name;
    const confidence = confidenceOf(reasons, asked);
    results.push({
      ref: `${name} ${chapter}:${verse}`,
      book: name,
      chapter,
      v: verse,
      text,
      score,
      reasons,
      confidence,
    });
  }
  // Judged on the best BAR_READ alone: a caller reading more (the chat, 15) is answered alike.
  const judged = results.slice(0, BAR_READ);
  const unknown = notUnderstood(asked, judged, (w) => store.findFrequency(w) > 0);
  if (mostlyUnknown(unknown, asked)) for (const r of results) r.confidence = weakened(r.confidence);
  // The bar reads the question's words in the English wordings find matches them in: a question
  // read in its own language (a Spanish one, shown in the RV1909 or in the KJV named) or shown in
  // a translation not in English is never held back (issue 31): its words would all be unknown here.
  const answered = !ENGLISH_SHOWN.has(resource.id) || reading.local !== undefined || clearsBar(judged);
  const shown = answered || options.all ? results.slice(0, options.limit) : [];
  return {
    query: question,
    translation: resource.id,
    language: reading.language,
    ...(reading.unread ? { unread: reading.unread } : {}),
    results: shown,
    words: asked,
    ...(answered ? {} : { unanswered: { unknown } }),
    drawnOn: drawnOn(resource, input, runs, shown),
  };
}

/** The registry's signals this question runs: not turned off, nor off for want of a work or of a signal they need. */
function running(usable: readonly ResourceRow[], without: readonly string[]): Run[] {
  const off = new Set<string>(without);
  for (const s of REGISTRY as readonly Signal[]) if (s.needs?.some((n) => off.has(n))) off.add(s.name);
  const runs: Run[] = [];
  (REGISTRY as readonly Signal[]).forEach((signal, at) => {
    if (off.has(signal.name)) return;
    const works = signal.works?.(usable);
    if (works && !works.length) return;
    runs.push({ at, signal, works: works ?? [] });
  });
  return runs;
}

/**
 * The resources whose attribution the results make due, in the order it is told: the translation
 * shown; what each signal drawn on searched (the translations, or its works); the works the
 * results' reasons name; last the works a drawn signal's reasons quote (the lexicons' glosses).
 */
function drawnOn(translation: ResourceRow, input: FindInput, runs: Run[], results: FoundVerse[]): string[] {
  const drawn = new Set<string>(results.flatMap((r) => r.reasons.map((reason) => reason.signal)));
  const on = runs.filter((r) => drawn.has(r.signal.name));
  const ids = new Set<string>([translation.id]);
  for (const { signal, works } of on)
    for (const id of signal.credits === 'translations' ? input.translations : signal.credits === 'works' ? works : [])
      ids.add(id);
  for (const r of results)
    for (const reason of r.reasons as readonly ReasonBase[]) if (reason.resource) ids.add(reason.resource);
  for (const { signal, works } of on) if (signal.quotes) for (const id of works) ids.add(id);
  return [...ids];
}
