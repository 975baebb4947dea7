import { BOOKS } from '../../core/canon/canon.js';
import { type VerseKey, verseKey } from '../../core/reference/verse-key.js';
import { wordsMatch } from '../full-text.js';
import { allOfKind, type FindInput, type Signal, type Vote } from '../signal.js';

/** The commentary heading over the verse's passage: the heading, the passage, the commentary and its name. */
export interface CommentaryReason {
  signal: 'commentary';
  label: string;
  ref: string;
  resource: string;
  name: string | undefined;
}

/** How many of the best-matching headings lend their verses a vote. */
const HEADINGS = 20;
/**
 * A heading's vote is its BM25 relevance to the best heading's, to this power: the headings that
 * match the question best speak for their verses, the many that share one common word with it
 * hardly at all.
 */
const SHARPNESS = 2;

/**
 * The commentaries' outlines as headings of the verses they cover: Matthew Henry's chapter
 * outlines say what each passage is about in the words people use ("The building of Solomon's
 * temple" over 1 Kings 6:1-10, "Christ's discourse with Nicodemus" over John 3:1-21), where the
 * verses may share no word with the question ("Solomon built the house"). BM25 over the readable
 * commentaries' headings (commentary_headings_fts, Porter-stemmed) for the question's content
 * words; each of the best headings votes alike for every verse it covers (the other signals pick
 * the verse within the passage). The headings do better than the commentaries' full text, and a
 * heading's vote is not divided by its number of verses (docs/signals.md).
 */
export const commentary: Signal<CommentaryReason> = {
  name: 'commentary',
  phase: 'vote',
  weight: 0.5,
  reads: "the readable commentaries' headings (their outlines over passages)",
  works: allOfKind('commentary'),
  votes: (input, { works }) => commentaryVotes(input, works),
  tell: (r) => `commentary: ${r.name}, "${r.label}" (${r.ref})`,
};

function commentaryVotes(input: FindInput, commentaries: readonly string[]): Array<Vote<CommentaryReason>> {
  if (!commentaries.length) return [];
  const match = wordsMatch(input.words);
  if (!match) return [];
  const found = input.store.rankedHeadings(commentaries, match, HEADINGS);
  const best = found[0]?.score ?? 0;
  if (best <= 0) return [];
  const names = new Map(input.store.resources().map((r) => [r.id, r.name]));
  const votes = new Map<VerseKey, Vote<CommentaryReason>>();
  for (const h of found) {
    const score = (h.score / best) ** SHARPNESS;
    const range = h.verse_end > h.verse_start ? `${h.verse_start}-${h.verse_end}` : `${h.verse_start}`;
    const reason: CommentaryReason = {
      signal: 'commentary',
      label: h.text,
      ref: `${BOOKS[h.book - 1]?.name} ${h.chapter}:${range}`,
      resource: h.commentary,
      name: names.get(h.commentary),
    };
    for (let v = h.verse_start; v <= h.verse_end; v++) {
      const key = verseKey(h.book, h.chapter, v);
      const old = votes.get(key);
      if (!old || old.score < score) votes.set(key, { key, score, reason });
    }
  }
  return [...votes.values()];
}
