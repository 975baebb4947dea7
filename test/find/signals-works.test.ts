import { describe, expect, it } from 'vitest';
import { verseKey } from '../../src/core/reference/verse-key.js';
import { itWithSword } from '../support/env.js';
import {
  commentaryVotes,
  crossrefVotes,
  everydayVotes,
  introductionVotes,
  lexicalMatches,
  namedVotes,
  PROMINENCE_CANDIDATES,
  prominenceVotes,
  ranked,
  ref,
  storyVotes,
  strongsVotes,
  type TestInput,
  type Told,
  testInput,
  topicVotes,
  voteFor,
} from '../support/signal-votes.js';
import { useTestStore } from '../support/test-store.js';

describe('the signals that read the works of the library', () => {
  const store = useTestStore();
  const input = (question: string, over: Partial<TestInput> = {}) => testInput(store(), question, over);

  itWithSword('everyday: the subjects the words name, each key verse by its place in the list', () => {
    const votes = everydayVotes(input('What does the Bible say about worry?', { everyday: 'everyday-topics' }));
    // Anxiety and worry lists Philippians 4:6-7 first: its first verse fully, the next at half.
    expect(voteFor(votes, 'Philippians 4:6')).toEqual({
      key: verseKey(50, 4, 6),
      score: 1,
      why: 'everyday topic: Anxiety and worry',
      resource: 'everyday-topics',
    });
    expect(voteFor(votes, 'Philippians 4:7')?.score).toBe(0.5);
    expect(votes.every((v) => v.score > 0 && v.score <= 1)).toBe(true);
    // A word in its inflected form names the subject too; without the work, no votes.
    expect(everydayVotes(input('worries', { everyday: 'everyday-topics' })).length).toBeGreaterThan(0);
    expect(everydayVotes(input('worry'))).toEqual([]);
  });

  itWithSword(
    "everyday: by how much of the question an entry's words or its verse answer, once for each word the entry names",
    () => {
      const asked = (q: string) => everydayVotes(input(q, { everyday: 'everyday-topics' }));
      // "worry" is every content word; of "worry" and "money", Anxiety and worry names one and
      // Philippians 4:6 holds neither: 0.3 + 0.7 × (1/2)².
      expect(voteFor(asked('worry'), 'Philippians 4:6')?.score).toBe(1);
      expect(voteFor(asked('worry about money'), 'Philippians 4:6')?.score).toBe(0.3 + 0.7 * 0.5 ** 2);
      // Jeremiah 29:11's entries name "plans", and the verse holds "know": all of the question.
      expect(voteFor(asked('for I know the plans I have for you'), 'Jeremiah 29:11')?.score).toBe(1);
      // "Whatever you do, do it heartily" names both "work" and "heart": two votes' worth, where
      // the fifteen entries that name "heart" alone give theirs one.
      const heart = asked('whatever you do, work at it with all your heart');
      expect(voteFor(heart, 'Colossians 3:23')?.score).toBe(2);
      expect(voteFor(heart, 'Colossians 3:23')?.why).toBe('everyday topic: Whatever you do, do it heartily');
      expect(voteFor(heart, 'Jeremiah 17:9')?.score).toBeLessThanOrEqual(1);
    },
  );

  itWithSword("topics: a phrase naming a topic, a word's topic and its see-also", () => {
    const golden = topicVotes(input('the golden rule'));
    expect(voteFor(golden, 'Matthew 7:12')).toEqual({
      key: verseKey(40, 7, 12),
      score: 1,
      why: 'topic: GOLDEN RULE',
      resource: 'nave',
    });
    // "golden" alone is spent on the phrase: no GOLDEN ALTAR.
    expect(golden.some((v) => v.why.includes('ALTAR'))).toBe(false);
    const anxiety = topicVotes(input('anxiety'));
    expect(voteFor(anxiety, 'Philippians 4:6')?.why).toBe('topic: CARE (see also from ANXIETY)');
    expect(topicVotes(input('anxiety', { topics: undefined }))).toEqual([]);
  });

  itWithSword(
    "everyday: the words a verse holds read from the lexical signal's matches are those its text holds",
    () => {
      for (const q of ['for I know the plans I have for you', 'worry about money', 'love is patient, love is kind']) {
        const i = input(q, { everyday: 'everyday-topics' });
        const byKey = (votes: Told[]) => [...votes].sort((a, b) => a.key - b.key).map((v) => [v.key, v.score, v.why]);
        expect(byKey(everydayVotes(i, lexicalMatches(i))), q).toEqual(byKey(everydayVotes(i)));
      }
    },
  );

  itWithSword('introduction: "Who was X?" is answered where the Bible first names X, the name itself', () => {
    const who = (q: string) => introductionVotes(input(q));
    // Elisha, not Elishah (Genesis 10:4) or Elishama (Numbers 1:10): 1 Kings 19:16, 19:17, 19:19.
    expect(who('Who was Elisha?').map((v) => [ref(v.key), v.score])).toEqual([
      ['1 Kings 19:16', 1],
      ['1 Kings 19:17', 0.6],
      ['1 Kings 19:19', 0.4],
    ]);
    expect(who('Who was Elisha?')[0]?.why).toBe('the first verse to name Elisha');
    // Only a question after someone, and only a word rare enough to be a name.
    expect(who('Elisha and the bears')).toEqual([]);
    expect(who('Who was the first king of Israel?')).toEqual([]);
  });

  itWithSword('stories: the story the words name, its key verses first, then its opening and the rest of it', () => {
    const votes = storyVotes(input('Who betrayed Jesus?'));
    expect(votes.some((v) => v.why.startsWith('story: The Betrayal and Arrest of Jesus'))).toBe(true);
    expect(Math.max(...votes.map((v) => v.score))).toBe(1);
    expect(storyVotes(input('Who betrayed Jesus?', { stories: undefined }))).toEqual([]);
    // Crossing the Red Sea (Exodus 13:17-15:21): its key verses, not its opening, are the heart of it.
    const sea = storyVotes(input('Moses parting the Red Sea'));
    expect(voteFor(sea, 'Exodus 14:21')).toEqual({
      key: verseKey(2, 14, 21),
      score: 1,
      why: 'story: Crossing the Red Sea, its key verses Exodus 14:21-22',
      resource: 'stories',
    });
    expect(voteFor(sea, 'Exodus 13:17')?.score).toBe(0.5);
    expect(voteFor(sea, 'Exodus 14:1')?.score).toBe(0.3);
  });

  itWithSword(
    'commentary: the outline heading the words name, alike over all the verses it covers, only from readable commentaries',
    () => {
      const votes = commentaryVotes(input('when Ishmael mocked Isaac'));
      const why = `commentary: Matthew Henry's Concise Commentary, "Ishmael mocks Isaac" (Genesis 21:9-13)`;
      expect(ranked(votes).slice(0, 5)).toEqual([9, 10, 11, 12, 13].map((v) => `Genesis 21:${v}`));
      expect(votes.filter((v) => v.why === why).map((v) => [v.score, v.resource])).toEqual(Array(5).fill([1, 'mhcc']));
      expect(voteFor(votes, 'Genesis 21:8')?.why).not.toBe(why);
      expect(commentaryVotes(input('when Ishmael mocked Isaac', { commentaries: ['scofield', 'tdavid'] }))).toEqual([]);
      expect(commentaryVotes(input('when Ishmael mocked Isaac', { commentaries: [] }))).toEqual([]);
    },
  );

  it('crossrefs: the verses the best candidates link to', () => {
    const votes = crossrefVotes(input('Melchizedek'), [{ key: verseKey(1, 14, 18), score: 1 }]);
    expect(voteFor(votes, 'Psalms 110:4')?.why).toBe('cross-reference from Genesis 14:18');
    expect(Math.max(...votes.map((v) => v.score))).toBe(1);
    expect(crossrefVotes(input('x', { crossrefs: undefined }), [{ key: verseKey(1, 14, 18), score: 1 }])).toEqual([]);
  });

  it('prominence: how many books cross-refer to each of the best candidates, most widely cited first', () => {
    // Isaiah 9:6 is cross-referred to from more books than any other verse (44), Isaiah 41:10
    // from 37, Jeremiah 1:8 (the same promise, less known) from 10.
    const candidates = [verseKey(24, 1, 8), verseKey(23, 41, 10), verseKey(23, 9, 6)].map((key) => ({ key, score: 1 }));
    const votes = prominenceVotes(input('Do not be afraid, for I am with you'), candidates);
    expect(ranked(votes)).toEqual(['Isaiah 9:6', 'Isaiah 41:10', 'Jeremiah 1:8']);
    expect(voteFor(votes, 'Isaiah 9:6')?.score).toBe(1);
    expect(voteFor(votes, 'Isaiah 41:10')?.score).toBe((Math.log1p(37) / Math.log1p(44)) ** 2);
    expect(voteFor(votes, 'Jeremiah 1:8')?.why).toBe('well known: cross-referred to from 10 books');
    // Only the best candidates are weighed, and only with a readable cross-reference set.
    const many = Array.from({ length: PROMINENCE_CANDIDATES }, (_, i) => ({ key: verseKey(19, 119, i + 1), score: 1 }));
    expect(voteFor(prominenceVotes(input('x'), [...many, candidates[1]!]), 'Isaiah 41:10')).toBeUndefined();
    expect(prominenceVotes(input('x', { prominence: undefined }), candidates)).toEqual([]);
  });

  it('every signal answers an empty question with nothing', () => {
    const i = input('');
    expect([
      namedVotes(i),
      lexicalMatches(i),
      strongsVotes(i),
      topicVotes(i),
      commentaryVotes(i),
      storyVotes(i),
    ]).toEqual([[], [], [], [], [], []]);
  });
});
