import { BOOKS } from '../../core/canon/canon.js';
import { parseReference } from '../../core/reference/reference.js';
import type { FindInput, VerseKey, Vote } from './signal.js';
import { keyParts, verseKey } from './signal.js';

/** How many of the best verses so far lend their links. */
export const SOURCES = 20;

/**
 * The Treasury of Scripture Knowledge: the verses the best candidates so far link to. A verse
 * linked from several good candidates, or from a very good one, is likely what the question
 * means even when it shares none of its words (Genesis 14:18 → Hebrews 7:1, Psalm 110:4). A
 * link counts for its source's fused score, shared among the source's links.
 */
export function crossrefVotes(input: FindInput, ranked: Array<{ key: VerseKey; score: number }>): Vote[] {
  if (!input.crossrefs) return [];
  const votes = new Map<number, { score: number; from: string[] }>();
  const sources = ranked.slice(0, SOURCES);
  const linked = input.store.crossrefsOf(sources.map((r) => r.key));
  for (const { key, score } of sources) {
    const { book, chapter, verse } = keyParts(key);
    const refs = linked.get(key) ?? [];
    const name = `${BOOKS[book - 1]?.name} ${chapter}:${verse}`;
    const each = score / Math.sqrt(Math.max(1, refs.length));
    for (const text of refs) {
      const target = linkedVerse(text);
      if (target === undefined) continue;
      const vote = votes.get(target) ?? { score: 0, from: [] };
      vote.score += each;
      if (vote.from.length < 3) vote.from.push(name);
      votes.set(target, vote);
    }
  }
  let best = 0;
  for (const v of votes.values()) best = Math.max(best, v.score);
  const out: Vote[] = [];
  for (const [key, v] of votes) out.push(new CrossrefVote(key, v.score / best, v.from));
  return out;
}

/** A vote whose reason is told when read: only the shown verses' of the hundreds a question links to. */
class CrossrefVote implements Vote {
  constructor(
    readonly key: VerseKey,
    readonly score: number,
    private readonly from: string[],
  ) {}

  get why(): string {
    return `cross-reference from ${this.from.join(', ')}`;
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
