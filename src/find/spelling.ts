import { isAscii } from '../core/text/ascii.js';
import { editDistance } from '../core/text/edit-distance.js';
import { isEnglishWord } from './english-words.js';
import type { FindStore } from './store.js';

/** Shorter words are left as typed: one letter from a short name lies many another word. */
const SHORTEST = 5;

/** How far a word may be from the name meant: one edit, two from 10 letters ("Nebuchadnesar"). */
const reach = (word: string) => (word.length >= 10 ? 2 : 1);

/** A word of letters alone; one of ASCII without \p{L}, whose compilation was ~0.3 ms of a cold `bible find`. */
const letters = (word: string) => (isAscii(word) ? /^[A-Za-z]+$/.test(word) : /^\p{L}+$/u.test(word));

/**
 * A question's misspelt names read as meant ("Golaith" → goliath, "Nebuchadnezar" →
 * nebuchadnezzar, "Methusela" → methuselah): a word of 5 letters or more that no verse holds,
 * that is no English word (word-list: "illness", "mental", "police" stay as they are), no
 * transliteration ("agape") and no topic's or story's word itself, is read as the one word of the
 * topics' headwords and the stories' titles and characters (the names and subjects people ask
 * after) that starts with its letter and is within one edit (two from 10 letters; a swap of
 * neighbours is one), of the works the asker may read. Only toward those words, as a modern word no verse holds is often an edit
 * from an old one ("worry", sorry).
 */
export function spelledAsMeant(
  store: FindStore,
  words: readonly string[],
  lexicons: Array<'greek' | 'hebrew'>,
  /** What the asker may read: only their topics' headwords and, if they may read them, the stories. */
  readable: ReadonlyArray<{ id: string; kind: string }>,
): string[] {
  const topics = readable.filter((r) => r.kind === 'topics').map((r) => r.id);
  const stories = readable.some((r) => r.kind === 'stories');
  return words.map((word) => {
    // The cheap tests first: most questions' words are in the verses.
    if (word.length < SHORTEST || !letters(word) || store.findFrequency(word) > 0) return word;
    if (store.strongsByTransliteration(word, lexicons, 1).length) return word;
    const vocabulary = store.headwordVocabulary(topics, stories);
    if (vocabulary.has(word) || isEnglishWord(word)) return word;
    const most = reach(word);
    let nearest: string[] = [];
    let distance = most + 1;
    for (const candidate of vocabulary) {
      // A slip seldom falls on the first letter, and words that differ there are other words.
      if (candidate[0] !== word[0]) continue;
      const d = editDistance(word, candidate, Math.min(most, distance));
      if (d < distance) {
        distance = d;
        nearest = [candidate];
      } else if (d === distance) nearest.push(candidate);
    }
    // Two words as near leave the choice to the user.
    return nearest.length === 1 ? (nearest[0] as string) : word;
  });
}
