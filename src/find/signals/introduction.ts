import type { Signal } from '../signal.js';
import { anyWord } from '../stem.js';

/** The person a "Who was …?" asks after, named in the verse: the first to name them, or among the first. */
export interface IntroductionReason {
  signal: 'introduction';
  name: string;
  first: boolean;
}

/** "Who was Elisha?", "who is Melchizedek", "Who were the Nephilim?": a question after a person. */
const WHO_WAS = /^\s*who\s+(?:was|is|were|are)\b/i;
/** A word in more verses than this is no one person's name ("king", "mother"). */
const RARE = 400;
/** The first verses naming the person vote, the first most. */
const FIRST = [1, 0.6, 0.4];
/** How many of the first verses matching the words are read for the name itself, capitalised. */
const READ = 40;

/**
 * Where the Bible introduces a person asked after ("Who was Elisha?" → 1 Kings 19:16, where Elijah
 * is told to anoint him; "Who was Timothy?" → Acts 16:1): the first verses, in the canon's order,
 * that name them, where every word of a question that asks who someone was is a name: rare enough
 * (in 400 verses or fewer) and written with a capital inside a sentence, as a word of its own
 * (Elisha, not Elishah or Elishama; not "Elect according to the foreknowledge" for "who are the
 * elect"). Among the verses that name a person, which all match the name alike, the first are the
 * ones that say who the person is.
 */
export const introduction: Signal<IntroductionReason> = {
  name: 'introduction',
  phase: 'vote',
  weight: 1,
  reads: 'the full-text index in the canon\'s order, for a "Who was …?" question',
  votes(input) {
    if (!WHO_WAS.test(input.question) || !input.words.length) return [];
    if (input.words.some((w) => input.store.findFrequency(w) > RARE)) return [];
    const names = input.words.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
    const match = anyWord(input.words)?.replace(/ OR /g, ' ');
    if (!match) return [];
    // Each name capitalised after a word in lower case or a comma ("and Elisha the son of Shaphat"),
    // not only where a sentence begins ("Elect according to the foreknowledge of God").
    const written = names.map((n) => new RegExp(`[a-z,;]\\s+${n}\\b`));
    const naming = input.store
      .findFirst(input.translations, match, READ)
      .filter((v) => written.every((w) => Object.values(v.texts).some((text) => w.test(text))))
      .slice(0, FIRST.length);
    const name = names.join(' ');
    return naming.map((v, i) => ({
      key: v.key,
      score: FIRST[i] as number,
      reason: { signal: 'introduction', name, first: i === 0 },
    }));
  },
  tell: (r) => (r.first ? `the first verse to name ${r.name}` : `among the first verses to name ${r.name}`),
};
