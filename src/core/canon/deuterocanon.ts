import { bookKey } from './canon.js';

/**
 * The deuterocanonical and apocryphal books, by the names and abbreviations people write, so that
 * a reference to one is told for what it is rather than "did you mean Titus?". The library's canon
 * is the 66 books; a module that holds these books is read by its own versification (issue 33).
 */
const DEUTEROCANON: ReadonlyArray<{ name: string; spellings: readonly string[] }> = [
  { name: 'Tobit', spellings: ['tobit', 'tob', 'tb'] },
  { name: 'Judith', spellings: ['judith', 'jdt', 'jdth'] },
  { name: 'Wisdom', spellings: ['wisdom', 'wis', 'wisd', 'wisdom of solomon'] },
  { name: 'Sirach', spellings: ['sirach', 'sir', 'ecclesiasticus', 'ecclus'] },
  { name: 'Baruch', spellings: ['baruch', 'bar'] },
  { name: '1 Maccabees', spellings: ['1 maccabees', '1 macc', '1 mac', '1 mc'] },
  { name: '2 Maccabees', spellings: ['2 maccabees', '2 macc', '2 mac', '2 mc'] },
  { name: '3 Maccabees', spellings: ['3 maccabees', '3 macc', '3 mac', '3 mc'] },
  { name: '4 Maccabees', spellings: ['4 maccabees', '4 macc', '4 mac', '4 mc'] },
  { name: '1 Esdras', spellings: ['1 esdras', '1 esd'] },
  { name: '2 Esdras', spellings: ['2 esdras', '2 esd'] },
  { name: 'the Prayer of Manasseh', spellings: ['prayer of manasseh', 'prayer of manasses', 'pr man', 'prman'] },
  { name: 'Susanna', spellings: ['susanna', 'sus'] },
  { name: 'Bel and the Dragon', spellings: ['bel and the dragon', 'bel'] },
  { name: 'the Prayer of Azariah', spellings: ['prayer of azariah', 'song of the three', 'pr azar'] },
  { name: 'the Letter of Jeremiah', spellings: ['letter of jeremiah', 'epistle of jeremiah', 'ep jer', 'epjer'] },
  { name: 'the Additions to Esther', spellings: ['additions to esther', 'esther greek', 'add esth', 'addesth'] },
];

const BY_KEY = new Map(DEUTEROCANON.flatMap((b) => b.spellings.map((s) => [bookKey(s), b.name] as const)));

/** The deuterocanonical book a text names ("Sir", "1 Macc"), if it names one. */
export function deuterocanonicalBook(text: string): string | undefined {
  return BY_KEY.get(bookKey(text));
}
