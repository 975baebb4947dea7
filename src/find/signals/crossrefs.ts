import { BOOKS } from '../../core/canon/canon.js';
import { parseReference } from '../../core/reference/reference.js';
import { keyParts, type VerseKey, verseKey } from '../../core/reference/verse-key.js';
import { type FindInput, firstOfKind, type Ranked, type Signal, type Vote } from '../signal.js';

/** The best verses (up to three) that link to the verse. */
export interface CrossrefReason {
  signal: 'crossrefs';
  from: string[];
  resource: string;
}

/** How many of the best verses so far lend their links. */
const SOURCES = 20;

/**
 * The Treasury of Scripture Knowledge: the verses the best candidates so far link to. A verse
 * linked from several good candidates, or from a very good one, is likely what the question
 * means even when it shares none of its words (Genesis 14:18 → Hebrews 7:1, Psalm 110:4). A
 * link counts for its source's fused score, shared among the source's links. It only echoes the
 * other signals' best verses, so it counts for less.
 */
export const crossrefs: Signal<CrossrefReason> = {
  name: 'crossrefs',
  phase: 'echo',
  weight: 0.25,
  reads: 'the Treasury of Scripture Knowledge: the links of the best verses so far',
  works: firstOfKind('crossrefs'),
  candidates: SOURCES,
  credits: 'works',
  votes: (input, { works, ranked }) => crossrefVotes(input, works[0], ranked),
  tell: (r) => `cross-reference from ${r.from.join(', ')}`,
};

function crossrefVotes(input: FindInput, work: string | undefined, ranked: Ranked): Array<Vote<CrossrefReason>> {
  if (!work) return [];
  // Per linked verse its score, and the first three sources linking to it packed in one number
  // (source index + 1 in each of three 5-bit places), where an object and an array were made a verse.
  const scores = new Map<VerseKey, number>();
  const froms = new Map<VerseKey, number>();
  const sources = ranked.slice(0, SOURCES);
  const linked = input.store.crossrefsOf(sources.map((r) => r.key));
  for (let s = 0; s < sources.length; s++) {
    const { key, score } = sources[s] as { key: VerseKey; score: number };
    const refs = linked.get(key) ?? [];
    const each = score / Math.sqrt(Math.max(1, refs.length));
    for (let i = 0; i < refs.length; i++) {
      const target = linkedVerse(refs[i] as string);
      if (target === undefined) continue;
      scores.set(target, (scores.get(target) ?? 0) + each);
      const from = froms.get(target) ?? 0;
      if (from < FROM_PLACE ** 2) froms.set(target, from + (s + 1) * FROM_PLACE ** fromCount(from));
    }
  }
  let best = 0;
  scores.forEach((score) => {
    best = Math.max(best, score);
  });
  const names = sources.map((r) => r.key);
  const out: Array<Vote<CrossrefReason>> = [];
  scores.forEach((score, key) => {
    out.push(new CrossrefVote(key, score / best, froms.get(key) as number, names, work));
  });
  return out;
}

/** One place of a packed list of sources: SOURCES (20) indexes + 1 fit in 5 bits. */
const FROM_PLACE = 32;
const fromCount = (from: number) => (from === 0 ? 0 : from < FROM_PLACE ? 1 : from < FROM_PLACE ** 2 ? 2 : 3);

/** A vote whose reason is made when read: only the shown verses' of the hundreds a question links to. */
class CrossrefVote implements Vote<CrossrefReason> {
  constructor(
    readonly key: VerseKey,
    readonly score: number,
    private readonly from: number,
    private readonly sources: VerseKey[],
    private readonly work: string,
  ) {}

  get reason(): CrossrefReason {
    const names: string[] = [];
    for (let from = this.from; from > 0; from = Math.floor(from / FROM_PLACE)) {
      const { book, chapter, verse } = keyParts(this.sources[(from % FROM_PLACE) - 1] as VerseKey);
      names.push(`${BOOKS[book - 1]?.name} ${chapter}:${verse}`);
    }
    return { signal: 'crossrefs', from: names, resource: this.work };
  }
}

let bookNumbers: Map<string, number> | undefined;
const DIGITS = /^\d{1,3}$/;

/**
 * The verse a stored link starts at. The links are stored as "Book c:v" in the canon's own names
 * (the importer writes them so): read so when the verse exists, without parseReference's grammar
 * and spelling rules, ~1.7 ms of a cold `bible find` for its ~300 links; any other form (a range)
 * through parseReference, and a link to no verse passed over, as before.
 */
function linkedVerse(text: string): VerseKey | undefined {
  bookNumbers ??= new Map(BOOKS.map((b) => [b.name, b.number]));
  const space = text.lastIndexOf(' ');
  const colon = text.indexOf(':', space);
  const book = BOOKS[(bookNumbers.get(text.slice(0, space)) ?? 0) - 1];
  const chapterText = text.slice(space + 1, colon);
  const verseText = text.slice(colon + 1);
  const chapter = Number(chapterText);
  const verse = Number(verseText);
  // Digits only: Number() also reads "1e1", "0x3", "+5" and "5.0", which are no verse.
  if (book && colon > space + 1 && DIGITS.test(chapterText) && DIGITS.test(verseText) && chapter >= 1 && verse >= 1)
    return verse <= (book.verseCounts[chapter - 1] ?? 0) ? verseKey(book.number, chapter, verse) : undefined;
  try {
    const ref = parseReference(text);
    return verseKey(ref.book.number, ref.start.chapter, ref.start.verse);
  } catch {
    return undefined;
  }
}
