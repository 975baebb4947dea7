import type { VerseKey } from '../../core/reference/verse-key.js';
import { editDistance } from '../../core/text/edit-distance.js';
import type { StrongsRow } from '../../library/store/library-store.js';
import { allOfKind, type FindInput, type Signal, type Vote } from '../signal.js';
import { wordBookNumbers } from '../wordbook.js';

/** An original word that reaches the verse, from which of the question's words, through which entry of the word book. */
export interface StrongsEntry {
  number: string;
  transliteration: string;
  gloss: string;
  word: string;
  headword?: string;
}

/** The original words that reach the verse; `resource` the word book where one of them came through it. */
export interface StrongsReason {
  signal: 'strongs';
  entries: StrongsEntry[];
  resource?: string;
}

/** How many lexicon entries one word may bring in, best first. */
const PER_WORD = 3;
/** How many times PER_WORD entries are searched, for those whose meaning holds the word (meaningHolds). */
const SEARCHED = 4;
/** A number in more verses than this (H3068 YHWH, G2316 theos) says nothing about which one is meant. */
const BROAD = 400;
/**
 * Only words the translations seldom use are bridged: a word in more verses than this is found
 * by the lexical ranking already, and its lexicon entries would only add noise.
 */
const SELDOM = 100;

/**
 * The lexicon lookup form of a word: its first letters, all but the last three and at least
 * four, so "anxiety" meets "anxious", "patient" meets "patience" and "worry" meets "worried" in
 * Strong's glosses, definitions and KJV renderings.
 */
export function lexiconPrefix(word: string): string {
  return word.slice(0, Math.max(4, word.length - 3));
}

/**
 * The Strong's bridge: each content word is looked up in the lexicons (gloss, definition and the
 * KJV's renderings, so "anxiety" finds G3309 "to be anxious about", rendered "take thought"), and
 * the verses whose words carry those numbers in a tagged translation get a vote. Today's words
 * and the KJV's archaic ones meet at the number: "worry" reaches "take no thought" (Matthew
 * 6:34), "patient" reaches "suffereth long". Only words the translations seldom use cross it. A
 * verse's vote is the share of the question's words it reaches, each by its best entry (the
 * first entry counts fully, later ones less). Where the KJV word book's senses know the word, the
 * numbers its entries' headwords render come first ("worry" → careful → G3309),
 * as the lexicons' text alone leads "worry" to H6093 "worrisomeness" (Genesis 3:17).
 */
export const strongs: Signal<StrongsReason> = {
  name: 'strongs',
  phase: 'vote',
  weight: 1,
  reads: "the Strong's lexicons, the KJV word book, and the tagged KJV's and WEB's Strong's numbers",
  works: allOfKind('lexicon'),
  credits: 'translations',
  quotes: true,
  votes: (input) => strongsVotes(input),
  tell: (r) =>
    `Strong's ${r.entries
      .map(
        (e) =>
          `${e.number} ${e.transliteration} "${e.gloss}" (${e.word}${e.headword ? `, the word book's "${e.headword}"` : ''})`,
      )
      .join('; ')}`,
};

function strongsVotes(input: FindInput): Array<Vote<StrongsReason>> {
  if (!input.lexicons.length) return [];
  // input.translations are the readable ones of FIND_TRANSLATIONS, each Strong's-tagged: the
  // bridge runs through either.
  const tagged = input.translations;
  if (!tagged.length) return [];
  // Per word, the entry (by rank) that first reaches each verse: entries come best first, so it is
  // the word's best for the verse. Maps per word rather than a map per verse reached (hundreds).
  const reached: Reached[] = [];
  const keysInOrder = new Set<number>();
  const asked = new Set<string>();
  for (const word of input.words) {
    // A word read twice (two misspellings of one name) reaches the same verses as before.
    if (asked.has(word)) continue;
    asked.add(word);
    if (input.store.findFrequency(word) > SELDOM) continue;
    // The word book's senses, where they know the word, come before the lexicons' text, which the
    // word meets only by its first letters (see wordbook.ts); each entry counts by its rank, as
    // the lexicons' do (counting the book's fully did worse: docs/signals.md).
    // A word that is an original word's transliteration ("agape") names that word, before the
    // entries whose English its first letters meet.
    const named = input.store
      .strongsByTransliteration(word, input.lexicons, 1)
      .map((entry) => ({ entry, headword: undefined }));
    const curated = input.wordbook ? wordBookNumbers(input.store, input.wordbook, word) : [];
    const fromBook = curated.flatMap((n) => {
      const entry = input.store.strongs(n.number);
      return entry && input.lexicons.includes(entry.lexicon) ? [{ entry, headword: n.headword }] : [];
    });
    // An entry met only in its derivation or an aside, or a name that is not the word, is passed
    // over; past the first PER_WORD only when one was (most words' first three all count).
    const prefix = lexiconPrefix(word);
    const counts = (entry: StrongsRow) => meaningHolds(entry, prefix) && !anotherName(entry, word);
    const search = (limit: number) => input.store.strongsSearch(prefix, input.lexicons, limit, { englishOnly: true });
    let found = search(PER_WORD);
    if (found.length === PER_WORD && !found.every(counts)) found = search(PER_WORD * SEARCHED);
    const searched = found
      .filter(counts)
      .slice(0, PER_WORD)
      .map((entry) => ({ entry, headword: undefined }));
    const entries = [...named, ...fromBook, ...searched].filter(
      (e, i, all) => all.findIndex((o) => o.entry.number === e.entry.number) === i,
    );
    const mine = { rank: new Map<number, number>(), entries: [] as StrongsEntry[], curated: [] as boolean[] };
    reached.push(mine);
    entries.forEach(({ entry, headword }, rank) => {
      const keys = new Set<number>();
      for (const t of tagged) {
        const found = input.store.strongsVerseKeys(t, entry.number, BROAD + 1);
        for (let i = 0; i < found.length; i++) keys.add(found[i] as number);
      }
      if (keys.size > BROAD) return;
      const { number, transliteration, gloss } = entry;
      mine.entries[rank] = headword
        ? { number, transliteration, gloss, word, headword }
        : { number, transliteration, gloss, word };
      mine.curated[rank] = headword !== undefined;
      // forEach and index loops: a cold for-of makes an object a step, over hundreds of verses.
      keys.forEach((key) => {
        if (!mine.rank.has(key)) mine.rank.set(key, rank);
        keysInOrder.add(key);
      });
    });
  }
  const votes: Array<Vote<StrongsReason>> = [];
  keysInOrder.forEach((key) => {
    let sum = 0;
    let curated = false;
    for (let w = 0; w < reached.length; w++) {
      const word = reached[w] as Reached;
      const rank = word.rank.get(key);
      if (rank === undefined) continue;
      sum += 1 / (rank + 1);
      curated ||= word.curated[rank] as boolean;
    }
    votes.push(new StrongsVote(key, sum / input.words.length, reached, curated ? input.wordbook : undefined));
  });
  return votes;
}

/** Per question word, the rank of the entry that first reaches each verse, and each entry. */
interface Reached {
  rank: Map<number, number>;
  entries: StrongsEntry[];
  curated: boolean[];
}

/** A vote whose reason is made when read: only the shown verses' of the hundreds the entries reach. */
class StrongsVote implements Vote<StrongsReason> {
  constructor(
    readonly key: VerseKey,
    readonly score: number,
    private readonly reached: Reached[],
    private readonly wordbook: string | undefined,
  ) {}

  get reason(): StrongsReason {
    const entries: StrongsEntry[] = [];
    for (const word of this.reached) {
      const rank = word.rank.get(this.key);
      if (rank !== undefined) entries.push(word.entries[rank] as StrongsEntry);
    }
    return this.wordbook ? { signal: 'strongs', entries, resource: this.wordbook } : { signal: 'strongs', entries };
  }
}

/**
 * Whether a lexicon entry means the word its prefix starts: its gloss, its definition's meaning
 * (before "Derivation:" or "KJV:", without the asides in parentheses) or its KJV renderings hold
 * a word starting with the prefix. The full-text search meets the prefix anywhere: "lonely" met
 * H6505 "a mule (perhaps from his lonely habits)", and a root's English in a derivation.
 */
export function meaningHolds(entry: { gloss: string; definition: string }, prefix: string): boolean {
  const def = entry.definition;
  const derivation = def.indexOf('Derivation:');
  const kjv = def.indexOf('KJV:');
  const end = derivation >= 0 ? derivation : kjv >= 0 ? kjv : def.length;
  const meaning = def.slice(0, end).replace(/\([^)]*\)/g, ' ');
  // A rendering's note of where it stands ("(only Isaiah 15:4)", "(Genesis 38:21)") is no meaning.
  const renderings = kjv >= 0 ? def.slice(kjv + 'KJV:'.length).replace(/\([^)]*[\dA-Z][^)]*\)/g, ' ') : '';
  const text = ` ${entry.gloss} ${meaning} ${renderings}`.toLowerCase();
  const p = prefix.toLowerCase();
  // A word's start: after a space or a mark, as the search's tokenizer splits words.
  for (let at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + 1))
    if (!isLetter(text[at - 1] as string)) return true;
  return false;
}

/**
 * Whether the entry is a proper name's (its gloss begins with a capital, past a mark: "Tattenai, a
 * Persian", "{Koresh") that is not the word: "tattoos" met Tattenai by its first letters,
 * "friendship" Bildad "one of Job's friends". The name is the word where the word is within two
 * edits (or a quarter of its letters) of the gloss's name or of a KJV rendering: Strong's spells
 * H8123 "Shimshon", the KJV "Samson". A gloss that begins "I" or "Oh" ("I ought") is no name.
 */
export function anotherName(entry: { gloss: string; definition: string }, word: string): boolean {
  // Past a mark ("{Koresh"); a capital outside ASCII ("Ægyptus") through \p{Lu}, only then compiled.
  const gloss = entry.gloss.replace(/^[{[("'\s]+/, '');
  const first = gloss[0] ?? '';
  const capital = first < '\u0080' ? first >= 'A' && first <= 'Z' : /\p{Lu}/u.test(first);
  if (!capital || /^(?:I|Oh)\b/.test(gloss)) return false;
  const kjv = entry.definition.indexOf('KJV:');
  const renderings = kjv >= 0 ? entry.definition.slice(kjv + 'KJV:'.length).split(/[,;.]/) : [];
  const names = [gloss.split(/[,\s(]/)[0] ?? '', ...renderings].map((n) =>
    n
      .toLowerCase()
      .replace(/\([^)]*\)/g, '')
      .normalize('NFKD')
      .replace(/[^a-z]/g, ''),
  );
  const w = word.toLowerCase();
  const most = Math.max(2, Math.floor(word.length / 4));
  return names.every((name) => editDistance(w, name, most) > most);
}

/**
 * Whether a character of a lexicon entry's English is a letter: ASCII tested directly, only
 * another character through \p{L}, whose compilation is ~0.3 ms of a cold `bible find`.
 */
function isLetter(c: string): boolean {
  if (c < '\u0080') return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  return /\p{L}/u.test(c);
}
