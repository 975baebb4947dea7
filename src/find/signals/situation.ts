import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type VerseKey, verseKey } from '../../core/reference/verse-key.js';
import type { EverydaySituation } from '../../core/schemas/everyday-topics.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import { EVERYDAY_TOPICS } from '../../library/import/known-modules.js';
import { packageRoot } from '../../library/package-root.js';
import { type Asked, askedIn, askedWords, holds, holdsAll } from '../cue.js';
import type { Signal, Vote } from '../signal.js';

/** The situation the question tells, and the Everyday Topics entry whose key verse answers it. */
export interface SituationReason {
  signal: 'situation';
  situation: string;
  label: string;
  /** The question's content words its cues hold ("lonely" for "feeling really lonely since I moved"). */
  words: string[];
  /** Told beside a plight word (inPlight): the situation answers the whole question, its other words incidental. */
  whole: boolean;
  resource: string;
}

/** Each key verse after the first of an entry counts this much less (as the everyday signal's). */
const PER_PLACE = 0.1;
/** Each verse after the first of a listed range counts for this much. */
const IN_RANGE = 0.7;
/** Each entry after a situation's first counts this much less: the first is what it most needs. */
const PER_TOPIC = 0.5;
/** An entry listing more verses than this is no Everyday Topics entry (a guard, never reached). */
const LISTED_MOST = 60;
/** The words that make a situation the asker's own ("I", "my", "we"): told so, it votes whole. */
const ASKER: ReadonlySet<string> = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our']);
/** A situation told of no one in particular votes this share (the weight is the asker's own). */
const ASKED_AFTER = 0.5;

/**
 * A situation (its schema: EverydaySituation, which test/find/situation.test.ts checks the file
 * against; find reads it without zod), with each cue as its words.
 */
type Read = EverydaySituation & { cueWords: string[][] };
let situations: readonly Read[] | undefined;
let plight: readonly string[] = [];

/** The situations of data/everyday-topics/situations.json, read from the package's data/ on first use. */
export function loadSituations(): readonly Read[] {
  if (!situations) {
    const path = join(packageRoot(), 'data', 'everyday-topics', 'situations.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { situations?: unknown; plight?: unknown };
    if (!Array.isArray(file.situations) || !Array.isArray(file.plight))
      throw new Error(`${path}: expected "situations" and "plight" to be JSON arrays`);
    plight = file.plight as string[];
    situations = (file.situations as EverydaySituation[]).map((s) => ({
      ...s,
      cueWords: s.cues.map((c) => c.split(' ')),
    }));
  }
  return situations;
}

/**
 * Whether the question says the asker is in a situation (a plight word of situations.json: a
 * feeling, a struggle, a loss, a "not"), rather than asking about its subject ("my boss wants the
 * report by Monday", "how much alcohol is in beer").
 */
export function inPlight(asked: readonly Asked[]): boolean {
  loadSituations();
  return plight.some((p) => asked.some((a) => holds(a, p)));
}

/**
 * The cues of the situation the question tells (every word of a cue held by the question's
 * words, in any order): none where it tells another.
 */
function told(s: Read, asked: readonly Asked[]): string[][] {
  return s.cueWords.filter((cue) => holdsAll(asked, cue));
}

/** A situation the question tells, with the question's content words its cues hold. */
interface Told {
  s: Read;
  words: string[];
}

/**
 * The situations the question tells, each but those another tells more of: a situation whose
 * cues hold only words another's cues hold too, and fewer, is that one's incidental part ("angry"
 * in "my dad just died and I'm angry at God" is anger at God, not a temper; "terrified" in
 * "terrified of dying" the fear of death).
 */
export function toldIn(asked: readonly Asked[], content: readonly Asked[]): Told[] {
  const all: Told[] = [];
  for (const s of loadSituations()) {
    const cues = told(s, asked);
    if (!cues.length) continue;
    const words = content.filter((a) => cues.some((cue) => cue.some((c) => holds(a, c)))).map((a) => a.word);
    all.push({ s, words });
  }
  const within = (a: Told, b: Told) =>
    a.words.length > 0 && b.words.length > a.words.length && a.words.every((w) => b.words.includes(w));
  return all.filter((a) => !all.some((b) => within(a, b)));
}

/**
 * The question read as a situation (a feeling, a relationship, a duty, a temptation, a grief:
 * "feeling really lonely since I moved to a new city", "been praying for years and God still
 * hasn't answered"), answered from the Everyday Topics entries that speak to it: the cues of
 * data/everyday-topics/situations.json say what situation a question tells, in the words people
 * tell it, whatever else it names (the city, the taxes, the mom), and each of its entries' key
 * verses votes by its place. The everyday signal weighs an entry by how much of the question's
 * words it names, so the incidental nouns of a told situation drown it; this reads what the
 * situation is and answers that.
 */
export const situation: Signal<SituationReason> = {
  name: 'situation',
  phase: 'vote',
  weight: 2,
  reads: 'the situations of data/everyday-topics/situations.json and their Everyday Topics entries',
  works: (usable) => usable.filter((r) => r.id === EVERYDAY_TOPICS.id).map((r) => r.id),
  votes(input, { works }) {
    const work = works[0];
    if (!work) return [];
    const asked = askedIn(input.question);
    const votes = new Map<VerseKey, Vote<SituationReason>>();
    // The asker's own situation is what the question is about; one asked after ("cheating with
    // dishonest scales", "what does the Bible say about grief") is one reading among others.
    const own = asked.some((a) => ASKER.has(a.word)) ? 1 : ASKED_AFTER;
    const whole = inPlight(asked);
    for (const { s, words } of toldIn(asked, askedWords(input.words))) {
      s.topics.forEach((topic, t) => {
        const entry = input.store.topicWeighed(work, topic, LISTED_MOST);
        if (!entry?.sections) return;
        const reason: SituationReason = {
          signal: 'situation',
          situation: s.situation,
          label: entry.headword,
          words,
          whole,
          resource: work,
        };
        const refs = (JSON.parse(entry.sections) as TopicSection[]).flatMap((x) => x.refs);
        refs.forEach((r, place) => {
          for (let v = r.v; v <= (r.vEnd ?? r.v); v++) {
            const key = verseKey(r.bookNum, r.ch, v);
            const score = (own * (v === r.v ? 1 : IN_RANGE)) / (1 + PER_PLACE * place) / (1 + PER_TOPIC * t);
            const old = votes.get(key);
            if (!old || old.score < score) votes.set(key, { key, score, reason });
          }
        });
      });
    }
    return [...votes.values()];
  },
  tell: (r) => `situation: ${r.situation} (everyday topic: ${r.label})`,
};
