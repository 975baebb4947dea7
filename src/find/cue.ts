import { formsOf } from './irregular.js';
import { tokens } from './question.js';
import { inflectionless } from './stem.js';

/** A word of a question, with its inflection dropped once. */
export interface Asked {
  word: string;
  bare: string;
}

/** The words of a text (every one, function words too), each with its inflection dropped. */
export function askedWords(words: readonly string[]): Asked[] {
  return words.map((word) => ({ word, bare: inflectionless(word) }));
}

/**
 * Contractions typed without their apostrophe, as the words they stand for: "i dont believe"
 * tells what "I don't believe" does (tokens() opens the apostrophed ones). Read for the curated
 * cues only: the verses hold "wont" ("as he was wont") and "cant" as words of their own.
 */
const BARE_CONTRACTIONS: Record<string, readonly string[]> = {
  dont: ['do', 'not'],
  doesnt: ['does', 'not'],
  didnt: ['did', 'not'],
  cant: ['can', 'not'],
  cannot: ['can', 'not'],
  couldnt: ['could', 'not'],
  wont: ['will', 'not'],
  wouldnt: ['would', 'not'],
  shouldnt: ['should', 'not'],
  isnt: ['is', 'not'],
  arent: ['are', 'not'],
  wasnt: ['was', 'not'],
  werent: ['were', 'not'],
  havent: ['have', 'not'],
  hasnt: ['has', 'not'],
  hadnt: ['had', 'not'],
  im: ['i', 'am'],
  ive: ['i', 'have'],
  id: ['i', 'would'],
};

/** The question's words in order (every one: a cue may be "no friend"), ready for holds(). */
export function askedIn(question: string): Asked[] {
  return askedWords(tokens(question.normalize('NFKC')).flatMap((w) => BARE_CONTRACTIONS[w] ?? [w]));
}

/** A cue's word is held by a longer one from this many letters (shorter: by its inflection alone). */
const PREFIX_MIN = 4;
/** A cue's word without its inflection, from this many letters, is held by it with an ending of up to ENDING_MOST. */
const BARE_MIN = 5;
const ENDING_MOST = 3;

/**
 * Whether a question's word holds a curated cue's word (a situation's, a description's): the
 * same word but for its inflection ("kids", "kid"), the cue's word with an ending ("praying",
 * "pray"; "disciplining", "discipline"), or one of its irregular forms ("grow", "grew"). Not by
 * the looser stem prefix the verses are read with: "alone" is not "along", "bullied" no "bull".
 */
export function holds(asked: Asked, cue: string): boolean {
  return prepared(cue).some((form) => holdsForm(asked, form));
}

/** A cue word's forms, each with its inflection dropped: made once a word (the situations' cues are read for every question). */
const preparedForms = new Map<string, ReadonlyArray<{ form: string; bare: string }>>();
function prepared(cue: string): ReadonlyArray<{ form: string; bare: string }> {
  let forms = preparedForms.get(cue);
  if (!forms) {
    forms = formsOf(cue).map((form) => ({ form, bare: inflectionless(form) }));
    preparedForms.set(cue, forms);
  }
  return forms;
}

function holdsForm(asked: Asked, { form, bare }: { form: string; bare: string }): boolean {
  if (asked.bare === bare) return true;
  if (form.length >= PREFIX_MIN && asked.word.startsWith(form)) return true;
  return bare.length >= BARE_MIN && asked.word.startsWith(bare) && asked.word.length - bare.length <= ENDING_MOST;
}

/** Whether every word of a cue is held by some word asked, in any order. */
export function holdsAll(asked: readonly Asked[], cue: readonly string[]): boolean {
  return cue.every((c) => asked.some((a) => holds(a, c)));
}
