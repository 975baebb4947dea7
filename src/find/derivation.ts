import { isEnglishWord } from './english-words.js';
import { isFunctionWord } from './question.js';
import type { FindStore } from './store.js';

/**
 * Derivational endings and prefixes, each with the forms of the root to try, in order. Porter's
 * stemmer takes off inflections ("loving", "loved"), not derivations: "loneliness" stems to
 * "loneli" and "lonely" to "lone", so the word no verse holds never meets the WEB's "the lonely".
 * Written here rather than taken from a package: the few rules a question's modern noun needs,
 * each tried only on a word no verse holds and kept only where the root is an English word the
 * verses hold (by Porter's stem, as every word is searched). Not -ation: "donation" would be read
 * as "done".
 */
const RULES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^un(\w{4,})able$/, ['$1', '$1e']], // unbearable → bear, unbelievable → believe
  [/^(\w{3,})iness$/, ['$1y']], // loneliness → lonely, happiness → happy
  [/^(\w{3,})ness$/, ['$1']], // bitterness → bitter
  [/^(\w{2,}(?:al|ar))ity$/, ['$1']], // equality → equal, popularity → popular
  [/^(\w{3,})ity$/, ['$1e']], // purity → pure (not "obesity" → "obes", which stems as Obed does)
  [/^(\w{3,})ment$/, ['$1']], // contentment → content
  [/^(\w{3,})able$/, ['$1', '$1e']], // forgivable → forgive ("forgiv" is no word)
  // Only a verb's forms: "overview" is no "view", nor "overtime" "time".
  [/^over(\w{3,}(?:ing|ed))$/, ['$1']], // oversleeping → sleeping
];

/**
 * The shortest root kept: shorter ones are other words, and pieces of the WEB's contractions, which
 * its tokenizer splits ("don’t" → don + t: "donation" as "don").
 */
const SHORTEST_ROOT = 4;

/**
 * A question's words read through their roots where no verse holds the word itself
 * ("loneliness" → lonely, "oversleeping" → sleeping): the first form of the first rule that fits
 * that is an English word of four letters or more the verses hold, not a function word; every
 * other word is left as it is.
 */
export function rootsHeld(store: FindStore, words: readonly string[]): string[] {
  return words.map((word) => {
    if (store.findFrequency(word) > 0) return word;
    for (const [ending, forms] of RULES) {
      if (!ending.test(word)) continue;
      for (const form of forms) {
        const root = word.replace(ending, form);
        if (root.length < SHORTEST_ROOT || isFunctionWord(root)) continue;
        // An English word the verses hold (word-list also lists fragments such as "obes").
        if (store.findFrequency(root) > 0 && isEnglishWord(root)) return root;
      }
    }
    return word;
  });
}
