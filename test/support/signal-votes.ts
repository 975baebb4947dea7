import { BOOKS } from '../../src/core/canon/canon.js';
import { keyParts } from '../../src/core/reference/verse-key.js';
import { type LexicalMatch, lexicalMatches } from '../../src/find/full-text.js';
import { contentWords } from '../../src/find/question.js';
import { type Reason, whyOf } from '../../src/find/registry.js';
import type { FindInput, Ranked, ReasonBase, Signal, Vote } from '../../src/find/signal.js';
import { commentary } from '../../src/find/signals/commentary.js';
import { crossrefs } from '../../src/find/signals/crossrefs.js';
import { described } from '../../src/find/signals/described.js';
import { everyday } from '../../src/find/signals/everyday.js';
import { introduction } from '../../src/find/signals/introduction.js';
import { lexical } from '../../src/find/signals/lexical.js';
import { named } from '../../src/find/signals/named.js';
import { passage } from '../../src/find/signals/passage.js';
import { phrase } from '../../src/find/signals/phrase.js';
import { prominence } from '../../src/find/signals/prominence.js';
import { situation } from '../../src/find/signals/situation.js';
import { speaker } from '../../src/find/signals/speaker.js';
import { stories } from '../../src/find/signals/stories.js';
import { strongs } from '../../src/find/signals/strongs.js';
import { topics } from '../../src/find/signals/topics.js';
import type { FindStore } from '../../src/find/store.js';

/** A signal's input with the works each signal would be handed (undefined or none: not readable). */
export interface TestInput extends FindInput {
  topics?: string;
  everyday?: string;
  peoplePlaces?: string;
  crossrefs?: string;
  stories?: string;
  prominence?: string;
  commentaries?: string[];
}

/** A vote with its reason told as the route tells it, and the work it names. */
export interface Told {
  key: number;
  score: number;
  why: string;
  resource?: string;
}

const one = (work: string | undefined) => (work ? [work] : []);

/** Runs one signal of the registry on the input, as the engine would with these works, ranking and matches. */
function run(signal: Signal, works: string[], input: TestInput, ranked: Ranked = [], matches: LexicalMatch[] = []) {
  return signal.votes(input, { works, ranked, matches }).map((v: Vote): Told => {
    const reason = v.reason as ReasonBase;
    const told: Told = { key: v.key, score: v.score, why: whyOf(reason as Reason) };
    if (reason.resource) told.resource = reason.resource;
    return told;
  });
}

export { lexicalMatches };
export const PROMINENCE_CANDIDATES = prominence.candidates as number;
export const namedVotes = (i: TestInput) => run(named, [], i);
export const introductionVotes = (i: TestInput) => run(introduction, [], i);
export const lexicalVotes = (i: TestInput, m: LexicalMatch[]) => run(lexical, [], i, [], m);
export const phraseVotes = (i: TestInput, m: LexicalMatch[]) => run(phrase, [], i, [], m);
export const passageVotes = (i: TestInput, m: LexicalMatch[]) => run(passage, [], i, [], m);
export const strongsVotes = (i: TestInput) =>
  run(
    strongs,
    i.lexicons.map((l) => `strongs-${l}`),
    i,
  );
export const topicVotes = (i: TestInput) => run(topics, one(i.topics), i);
export const everydayVotes = (i: TestInput, m: LexicalMatch[] = []) => run(everyday, one(i.everyday), i, [], m);
export const describedVotes = (i: TestInput) => run(described, one(i.peoplePlaces), i);
export const situationVotes = (i: TestInput) => run(situation, one(i.everyday), i);
export const commentaryVotes = (i: TestInput) => run(commentary, i.commentaries ?? [], i);
export const storyVotes = (i: TestInput) => run(stories, one(i.stories), i);
export const crossrefVotes = (i: TestInput, r: Ranked) => run(crossrefs, one(i.crossrefs), i, r);
export const prominenceVotes = (i: TestInput, r: Ranked) => run(prominence, one(i.prominence), i, r);
export const speakerVotes = (i: TestInput, r: Ranked) => run(speaker, [], i, r);

/** A question's input over the test library, with every work readable unless `over` says otherwise. */
export const testInput = (store: FindStore, question: string, over: Partial<TestInput> = {}): TestInput => ({
  store,
  question,
  words: contentWords(question),
  translations: ['kjv', 'web'],
  topics: 'nave',
  crossrefs: 'tsk',
  stories: 'stories',
  prominence: 'tsk',
  commentaries: ['mhcc', 'scofield', 'tdavid'],
  lexicons: ['greek', 'hebrew'],
  ...over,
});

/** A key as the canon writes its verse. */
export const ref = (key: number) => {
  const { book, chapter, verse } = keyParts(key);
  return `${BOOKS[book - 1]?.name} ${chapter}:${verse}`;
};
/** The refs of votes, best first (canonical order among equals). */
export const ranked = (votes: Told[]) =>
  [...votes].sort((a, b) => b.score - a.score || a.key - b.key).map((v) => ref(v.key));
export const voteFor = (votes: Told[], text: string) => votes.find((v) => ref(v.key) === text);
