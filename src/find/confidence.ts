import { heldWords } from './full-text.js';
import { tokens } from './question.js';
import { type Reason, type SignalName, whyOf } from './registry.js';

/**
 * How well a found verse answers the question, as the engine can defend it: which of the
 * question's content words it answers, through which signals, and the band that follows.
 * `strong`: the question names the verse, quotes it whole, or the verse answers two thirds of its
 * words; `fair`: half of them, or one of them through three signals at once (Romans 12:19 for
 * "…and honestly I want revenge": its words, Nave's REVENGE, Everyday Topics); `weak`: less, or
 * only through echoes (cross-references, prominence) or a lexicon's gloss far from the word's
 * sense, or the question is mostly about what the library does not hold (notUnderstood).
 * docs/find-log.md has the figures behind the shares.
 */
export interface Confidence {
  band: Band;
  /** The question's content words the verse answers, each with the signals that answer it. */
  covers: Array<{ word: string; through: SignalName[] }>;
  /** How many content words the question has. */
  of: number;
}

export type Band = 'strong' | 'fair' | 'weak';

/** The bands in order, the weakest last: a result clears the bar where its band is above `weak`. */
export const BANDS: readonly Band[] = ['strong', 'fair', 'weak'];

/** How many of the best verses the bar is judged on, whatever the limit asked for. */
export const BAR_READ = 10;
/** A verse that answers at least this share of the question's content words is `strong`. */
const STRONG_SHARE = 2 / 3;
/** … and at least this share `fair`, or one word answered through AGREED signals at once; less is `weak`. */
const FAIR_SHARE = 1 / 2;
const AGREED = 3;
/** A whole line quoted in a row of at least this many word pairs makes the verse `strong`. */
const MIN_QUOTED = 2;
/** Where the words nothing understood are more than this share of the question, every verse is `weak`. */
const UNKNOWN_SHARE = 1 / 4;

/**
 * The question's words one reason answers. A signal that only echoes the others (cross-references,
 * the words of Christ, prominence) answers none; a Strong's entry only where its English holds the
 * word itself (by stem), the KJV word book's sense led to it, or the word is its transliteration:
 * "router" meets H7409 rekesh "a relay of animals on a post-route" only by its first letters, and
 * that is no evidence on its own. A signal this does not know answers the question's words its
 * reason lists as `words`, and those its `why` holds.
 */
function answered(reason: Reason, words: readonly string[]): string[] {
  const held = (text: string) => heldWords([...words], tokens(text));
  switch (reason.signal) {
    case 'named':
      return [...words];
    case 'lexical':
      return reason.words.map((w) => w.word).filter((w) => words.includes(w));
    case 'passage':
      return reason.words.filter((w) => words.includes(w));
    case 'phrase':
    case 'quote':
      return [];
    case 'strongs':
      return reason.entries
        .filter(
          (e) =>
            e.headword !== undefined ||
            e.transliteration.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase() === e.word ||
            heldWords([e.word], tokens(e.gloss)).length > 0,
        )
        .map((e) => e.word)
        .filter((w) => words.includes(w));
    case 'topics':
      return held(`${reason.label} ${reason.from ?? ''}`);
    case 'everyday':
      return [...new Set([...(reason.words ?? []), ...held(reason.label)])];
    case 'commentary':
    case 'stories':
      return held(reason.label);
    case 'introduction':
      return held(reason.name);
    // A situation the asker tells as theirs answers the question whole: its other words are
    // incidental ("lonely since I moved to a new city": the city). One only named ("my boss wants
    // the report by Monday") answers the words its cues hold.
    case 'situation':
      return reason.whole ? [...words] : reason.words.filter((w) => words.includes(w));
    case 'crossrefs':
    case 'speaker':
    case 'prominence':
      return [];
    default: {
      // A signal added later: the question's words its reason names (`words`), else those its `why` holds.
      const named = (reason as { words?: unknown }).words;
      const own = Array.isArray(named)
        ? named.filter((w): w is string => typeof w === 'string' && words.includes(w))
        : [];
      return [...new Set([...own, ...held(whyOf(reason))])];
    }
  }
}

/** How well a verse with these reasons answers a question of these content words, before the bar. */
export function confidenceOf(reasons: readonly Reason[], words: readonly string[]): Confidence {
  const through = new Map<string, SignalName[]>();
  for (const reason of reasons)
    for (const word of answered(reason, words)) {
      const signals = through.get(word) ?? [];
      if (!signals.includes(reason.signal)) signals.push(reason.signal);
      through.set(word, signals);
    }
  const covers = words.filter((w) => through.has(w)).map((word) => ({ word, through: through.get(word) ?? [] }));
  return { band: bandOf(reasons, covers, words.length), covers, of: words.length };
}

/** The question names the verse, or quotes it whole in a row: no other evidence is needed. */
const chosen = (reasons: readonly Reason[]) =>
  reasons.some(
    (r) =>
      r.signal === 'named' || ((r.signal === 'phrase' || r.signal === 'quote') && r.run === r.of && r.of >= MIN_QUOTED),
  );

function bandOf(reasons: readonly Reason[], covers: Confidence['covers'], of: number): Band {
  if (chosen(reasons)) return 'strong';
  if (!of) return 'weak';
  const share = covers.length / of;
  if (share >= STRONG_SHARE) return 'strong';
  return share >= FAIR_SHARE || covers.some((c) => c.through.length >= AGREED) ? 'fair' : 'weak';
}

/**
 * The question's words nothing understood: no verse of the translations holds them and no found
 * verse's reason answers them ("Australia", "router"). Where they are more than UNKNOWN_SHARE of
 * the question it asks about what the library does not hold: a verse that answers only half of it
 * is then `weak` (a long question may name a city or a weekday in passing).
 */
export function notUnderstood(
  words: readonly string[],
  found: ReadonlyArray<{ confidence: Confidence }>,
  inVerses: (word: string) => boolean,
): string[] {
  const answeredSome = new Set(found.flatMap((r) => r.confidence.covers.map((c) => c.word)));
  return words.filter((w) => !answeredSome.has(w) && !inVerses(w));
}

/** Whether the question asks mostly about what the library does not hold (see notUnderstood). */
export const mostlyUnknown = (unknown: readonly string[], words: readonly string[]) =>
  unknown.length > 0 && unknown.length > words.length * UNKNOWN_SHARE;

/** A verse's confidence where the question is mostly unknown: `weak`, unless it answers two thirds of it (or is named or quoted). */
export const weakened = (c: Confidence): Confidence => (c.band === 'strong' ? c : { ...c, band: 'weak' });

/** Whether any verse clears the bar (a band above `weak`). */
export const clearsBar = (found: ReadonlyArray<{ confidence: Confidence }>) =>
  found.some((r) => r.confidence.band !== 'weak');
