import type { LibraryStore } from '../../library/store/library-store.js';

/** Shorter words are left as typed: at one letter's difference too many real words are near each other. */
const SHORTEST = 5;

/**
 * How far a word may be from the one meant: one edit up to 9 letters, two from 10 ("Nebuchadnezar",
 * "Melchisedeck"). A swap of two neighbouring letters is one edit ("Golaith"). Two edits in a
 * shorter word reach other words ("bullying" → building).
 */
const reach = (word: string) => (word.length >= 10 ? 2 : 1);

/**
 * The optimal string alignment distance (Levenshtein with neighbouring swaps), given up past
 * `most`. Written here: the packages at hand (fastest-levenshtein and the like) count a swap as
 * two edits, and a swap is the commonest slip in a name.
 */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > most) return most + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/**
 * A question's words with its misspelt names and subjects read as meant ("Golaith" → goliath,
 * "Nebuchadnezar" → nebuchadnezzar): a word of 5 letters or more that no verse holds, that is not a Strong's
 * transliteration ("agape") and not itself a topic's or story's word, is read as the nearest word
 * of the topics' headwords and the stories' titles and characters (the names and subjects people
 * ask after) that starts with the same letter, when one is within reach and no other is as near. Only toward those words, not every
 * word of the texts: a modern word no verse holds ("worry") is one edit from an old one ("sorry").
 */
export function spelledAsMeant(
  store: LibraryStore,
  words: readonly string[],
  lexicons: Array<'greek' | 'hebrew'>,
): string[] {
  return words.map((word) => {
    if (word.length < SHORTEST || !/^\p{L}+$/u.test(word)) return word;
    const vocabulary = store.headwordVocabulary();
    if (vocabulary.has(word) || store.findFrequency(word) > 0) return word;
    if (store.strongsByTransliteration(word, lexicons, 1).length) return word;
    const most = reach(word);
    let nearest: string[] = [];
    let distance = most + 1;
    for (const candidate of vocabulary) {
      // A slip seldom falls on the first letter, and words that differ there are other words
      // ("depression", oppression).
      if (candidate[0] !== word[0]) continue;
      const d = editDistance(word, candidate, Math.min(most, distance));
      if (d < distance) {
        distance = d;
        nearest = [candidate];
      } else if (d === distance && d <= most) nearest.push(candidate);
    }
    // Two words as near ("zacchur", "zaccheus" for "zacchus") leave the choice to the user.
    return nearest.length === 1 ? (nearest[0] as string) : word;
  });
}
