import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { formatReference } from '../../src/core/reference/reference.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { LOCAL_PRINCIPAL } from '../../src/service/context.js';
import { commentaryVotes } from '../../src/service/find/commentary.js';
import { crossrefVotes } from '../../src/service/find/crossrefs.js';
import { everydayVotes } from '../../src/service/find/everyday.js';
import { introductionVotes } from '../../src/service/find/introduction.js';
import { heldWords, lexicalMatches, lexicalVotes, wordsMatch } from '../../src/service/find/lexical.js';
import { namedVotes } from '../../src/service/find/named.js';
import { passageVotes } from '../../src/service/find/passage.js';
import { phraseVotes, statementOrders } from '../../src/service/find/phrase.js';
import { PROMINENCE_CANDIDATES, prominenceVotes } from '../../src/service/find/prominence.js';
import { contentWords, namedReferences, phraseTokens, tokens } from '../../src/service/find/question.js';
import { type FindInput, keyParts, type Vote, verseKey } from '../../src/service/find/signal.js';
import { inflectionless, stem } from '../../src/service/find/stem.js';
import { storyVotes } from '../../src/service/find/stories.js';
import { anotherName, lexiconPrefix, meaningHolds, strongsVotes } from '../../src/service/find/strongs.js';
import { topicVotes } from '../../src/service/find/topics.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';

const ref = (key: number) => {
  const { book, chapter, verse } = keyParts(key);
  return `${BOOKS[book - 1]?.name} ${chapter}:${verse}`;
};
/** The refs of votes, best first (canonical order among equals). */
const ranked = (votes: Vote[]) => [...votes].sort((a, b) => b.score - a.score || a.key - b.key).map((v) => ref(v.key));
const voteFor = (votes: Vote[], text: string) => votes.find((v) => ref(v.key) === text);

describe('reading a question', () => {
  it('reads a book name as a word unless a number follows it (a person, not a reference)', () => {
    expect(contentWords('Who was Ruth?')).toEqual(['ruth']);
    expect(contentWords("Daniel in the lions' den")).toEqual(['daniel', 'lions', 'den']);
    expect(contentWords('the verse in Ruth 1:16 about going where you go')).toEqual(['going', 'go']);
  });

  it('keeps content words only: no frame words, function words, numbers or book names of references', () => {
    expect(contentWords('What does the Bible say about worry and anxiety?')).toEqual(['worry', 'anxiety']);
    expect(contentWords('Who was Melchizedek?')).toEqual(['melchizedek']);
    expect(contentWords('the verse behind "love is patient" in Romans 8')).toEqual(['love', 'patient']);
    expect(contentWords("God's plans, God's hope")).toEqual(['god', 'plans', 'hope']);
    expect(contentWords('what is the')).toEqual([]);
    // Light verbs leave the meaning to the word after them.
    expect(contentWords('What does the Bible say about getting drunk?')).toEqual(['drunk']);
    expect(contentWords('How do I deal with grief?')).toEqual(['grief']);
    expect(contentWords('coping with loss')).toEqual(['loss']);
    expect(contentWords('how to become wise')).toEqual(['wise']);
    expect(contentWords('I feel lonely')).toEqual(['lonely']);
    expect(contentWords('why do I feel so sad')).toEqual(['sad']);
    expect(contentWords('is it ok to be angry')).toEqual(['angry']);
    // The asker's frame: "Christians", and "a sin" where the question asks whether something is one.
    expect(contentWords('can christians eat pork')).toEqual(['eat', 'pork']);
    expect(contentWords('is it a sin to get a tattoo')).toEqual(['tattoo']);
    expect(contentWords('is gambling a sin?')).toEqual(['gambling']);
    expect(contentWords('the wages of sin')).toEqual(['wages', 'sin']);
    expect(contentWords('what is a sin offering')).toEqual(['sin', 'offering']);
    // "Strong's" names the lexicon; strong alone is a word.
    expect(contentWords('be strong and courageous')).toEqual(['strong', 'courageous']);
    expect(contentWords("which Strong's number is behind love")).toEqual(['number', 'love']);
    expect(contentWords('is it a sin if I lie')).toEqual(['lie']);
    expect(contentWords('Where were the disciples first called Christians?')).toEqual(['disciples', 'first', 'called']);
    // Feel is a word like any other where the asker does not say how they feel.
    expect(contentWords("Isaac felt Jacob's hands")).toEqual(['isaac', 'felt', 'jacob', 'hands']);
    expect(contentWords('being past feeling')).toEqual(['past', 'feeling']);
    // A question of nothing but light words asks about them.
    expect(contentWords('feel')).toEqual(['feel']);
    expect(contentWords('ok')).toEqual(['ok']);
    expect(contentWords('is it a sin')).toEqual(['sin']);
    expect(contentWords('Christians')).toEqual(['christians']);
  });

  it('opens contractions and folds possessives and curly apostrophes', () => {
    expect(tokens('Don’t be afraid; I’m with you. Abraham’s wife won’t')).toEqual([
      'do',
      'not',
      'be',
      'afraid',
      'i',
      'am',
      'with',
      'you',
      'abraham',
      'wife',
      'will',
      'not',
    ]);
    expect(phraseTokens('What does the Bible say about I can do all things')).toEqual([
      'the',
      'about',
      'i',
      'can',
      'do',
      'all',
      'things',
    ]);
  });

  it('reads a letter or digit of any script as a word, beside quotes and dashes (plain verses take a shorter way)', () => {
    expect(tokens('“Naïve—Æsop’s ²3 Ἀγάπη,” v2 “done”')).toEqual(['naïve', 'æsop', '²3', 'ἀγάπη', 'v2', 'done']);
    expect(tokens('“Fear not”—he said… ‘I’ll come’')).toEqual(['fear', 'not', 'he', 'said', 'i', 'will', 'come']);
  });

  it('reads the references a question names, and nothing that only looks like one', () => {
    expect(namedReferences('what does Romans 8:28 mean, and Psalm 23?').map(formatReference)).toEqual([
      'Romans 8:28',
      'Psalms 23',
    ]);
    expect(namedReferences('1 Cor 13:4-7 on love').map(formatReference)).toEqual(['1 Corinthians 13:4-7']);
    expect(namedReferences('the 12 apostles and 7 loaves')).toEqual([]);
    expect(namedReferences('John 99:1')).toEqual([]);
  });

  it('puts a wh- question in the order a verse would state it', () => {
    expect(statementOrders('Where was Jesus born?')).toEqual([
      ['was', 'jesus', 'born'],
      ['jesus', 'was', 'born'],
    ]);
    expect(statementOrders('What is faith?')).toEqual([
      ['is', 'faith'],
      ['faith', 'is'],
    ]);
    expect(statementOrders('Who was the first king?')).toEqual([['was', 'the', 'first', 'king']]);
  });

  it('stems for prefixes, drops only inflections for phrases, and shortens words for the lexicon', () => {
    expect(['forgiving', 'enemies', 'betrayed', 'cheerfully', 'greatest', 'sin'].map(stem)).toEqual([
      'forgiv',
      'enem',
      'betray',
      'cheerful',
      'great',
      'sin',
    ]);
    expect(['worketh', 'works', 'loveth', 'love', 'faithful', 'is'].map(inflectionless)).toEqual([
      'work',
      'work',
      'lov',
      'lov',
      'faithful',
      'is',
    ]);
    expect(['anxiety', 'worry', 'patient', 'lie'].map(lexiconPrefix)).toEqual(['anxi', 'worr', 'pati', 'lie']);
    expect(wordsMatch(['cheerfully', 'sin', 'say "x"'])).toBe(
      '"cheerfully" OR "cheerful"* OR "sin" OR "say ""x""" OR "say ""x"""*',
    );
    // A word that is its own stem meets its derived forms too ("heartily").
    expect(wordsMatch(['heart'])).toBe('"heart" OR "heart"*');
    expect(heldWords(['betrayed', 'sin', 'enemies', 'love'], ['he', 'betray', 'since', 'enemy', 'loving'])).toEqual([
      'betrayed',
      'enemies',
      'love',
    ]);
  });
});

describe('the signals, on the real library', () => {
  let store: LibraryStore;
  const input = (question: string, over: Partial<FindInput> = {}): FindInput => ({
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
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store.close());

  it('named: the passage a question names, in order, each verse just below the one before', () => {
    const votes = namedVotes(input('what does Psalm 23 say'));
    expect(votes.map((v) => ref(v.key))).toEqual([1, 2, 3, 4, 5, 6].map((v) => `Psalms 23:${v}`));
    expect(votes.map((v) => v.score)).toEqual([1, 0.999, 0.998, 0.997, 0.996, 0.995]);
    expect(votes[0]?.why).toBe('named in the question: Psalms 23');
  });

  itWithSword('lexical: BM25 over both wordings, scaled by the share of the words a verse holds', () => {
    const i = input('love your enemies');
    const votes = lexicalVotes(i, lexicalMatches(i));
    const top = ranked(votes).slice(0, 10);
    expect(top).toContain('Matthew 5:44');
    expect(top).toContain('Luke 6:27');
    expect(voteFor(votes, 'Luke 6:27')?.why).toBe('words: love, enemies');
    expect(votes.every((v) => v.score > 0 && v.score <= 1)).toBe(true);
    // A word in only one wording says which.
    const worry = input('worry');
    const peter = voteFor(lexicalVotes(worry, lexicalMatches(worry)), '1 Peter 5:7');
    expect(peter?.why).toBe('words: worry (WEB)');
  });

  itWithSword('passage: a verse counts the words its neighbours add, never those it holds', () => {
    const i = input('Who built the temple?');
    const matches = lexicalMatches(i);
    const votes = passageVotes(i, matches);
    // 1 Kings 6:4 "for the house he made windows"; 6:5 "he built chambers round about, against
    // the walls of the house ... of the temple".
    expect(voteFor(votes, '1 Kings 6:4')?.why).toBe('passage: built, temple in the verses beside it');
    expect(votes.every((v) => v.score > 0 && v.score <= 1)).toBe(true);
    // A verse holding every word gains nothing from its neighbours.
    const full = matches.filter((m) => new Set(Object.values(m.held).flat()).size === i.words.length);
    expect(full.length).toBeGreaterThan(0);
    for (const m of full) expect(voteFor(votes, ref(m.key))).toBeUndefined();
    // Neighbours stay in their chapter.
    expect(votes.every((v) => keyParts(v.key).verse >= 1)).toBe(true);
  });

  itWithSword('lexical: question words alone select nothing', () => {
    const i = input('what does the Bible say about it?');
    expect(lexicalMatches(i)).toEqual([]);
  });

  itWithSword('phrase: a line of mostly function words finds its verse', () => {
    const i = input('I can do all things through Christ');
    const votes = phraseVotes(i, lexicalMatches(i));
    expect(ranked(votes)[0]).toBe('Philippians 4:13');
    expect(voteFor(votes, 'Philippians 4:13')).toMatchObject({
      score: 1,
      why: 'phrase (KJV): 6 of 6 word pairs in order',
    });
    // One pair alone is no phrase: "the golden" of "the golden rule".
    const golden = input('the golden rule');
    expect(voteFor(phraseVotes(golden, lexicalMatches(golden)), 'Revelation 8:3')).toBeUndefined();
  });

  itWithSword("strongs: today's word reaches the KJV's archaic one through the number", () => {
    const votes = strongsVotes(input('anxiety'));
    const matthew = voteFor(votes, 'Matthew 6:34');
    expect(matthew?.why).toContain('G3309');
    expect(store.verses('kjv', 40, 6, 34, 6, 34)[0]?.text).toContain('Take therefore no thought');
    expect(strongsVotes(input('anxiety', { lexicons: [] }))).toEqual([]);
    expect(strongsVotes(input('anxiety', { translations: [] }))).toEqual([]);
  });

  itWithSword('strongs: a transliteration names its word before the entries its first letters meet', () => {
    const votes = strongsVotes(input('agape'));
    // G26 agapē (1 Corinthians 13:4 "charity suffereth long") counts fully; G27 agapētos "beloved",
    // whose transliteration "agape" begins, is not met (only the lexicons' English is).
    expect(voteFor(votes, '1 Corinthians 13:4')).toMatchObject({ score: 1, why: 'Strong\'s G26 agápē "love" (agape)' });
    expect(voteFor(votes, 'Matthew 3:17')).toBeUndefined();
    // An English word meets the lexicons' English, not a transliteration's first letters ("mental", G3305 méntoi).
    expect(strongsVotes(input('mental')).some((v) => v.why.includes('G3305'))).toBe(false);
  });

  itWithSword(
    'strongs: an entry counts where its meaning or renderings hold the word, not an aside or its derivation',
    () => {
      const mule = {
        gloss: 'a mule',
        definition: 'a mule (perhaps from his lonely habits). Derivation: from H6504. KJV: mule.',
      };
      const only = {
        gloss: 'properly, united',
        definition:
          'properly, united, i.e. sole; also lonely. Derivation: from H3161. KJV: darling, desolate, solitary.',
      };
      expect([meaningHolds(mule, 'lone'), meaningHolds(only, 'lone'), meaningHolds(only, 'deso')]).toEqual([
        false,
        true,
        true,
      ]);
      expect(meaningHolds(only, 'ited')).toBe(false);
      // "lonely" reaches H3173 (Psalm 68:6 "the solitary"), and no mule (H6505, 1 Kings 10:25).
      const votes = strongsVotes(input('lonely'));
      expect(voteFor(votes, 'Psalms 68:6')?.why).toContain('H3173');
      expect(votes.some((v) => v.why.includes('H6505'))).toBe(false);
    },
  );

  itWithSword("strongs: a name's entry counts for the name, not for a word its first letters begin", () => {
    const entry = (gloss: string, kjv: string) => ({ gloss, definition: `${gloss}. KJV: ${kjv}.` });
    expect(anotherName(entry('Tattenai, a Persian', 'Tatnai'), 'tattoos')).toBe(true);
    expect(anotherName(entry("Bildad, one of Job's friends", 'Bildad'), 'friendship')).toBe(true);
    expect(anotherName(entry('Melchisedek, a patriarch', 'Melchisedec'), 'melchizedek')).toBe(false);
    // Strong's spells the name its own way; the KJV's rendering is the name asked after.
    expect(anotherName(entry('Shimshon, an Israelite', 'Samson'), 'samson')).toBe(false);
    expect(anotherName(entry('{Koresh, a Persian king', 'Cyrus'), 'cyrus')).toBe(false);
    expect(anotherName(entry('{Koresh, a Persian king', 'Cyrus'), 'coriander')).toBe(true);
    // Not names: a common noun, and a gloss that begins "I".
    expect(anotherName(entry('a friend', 'friend'), 'friendship')).toBe(false);
    expect(anotherName(entry('I ought', 'ought, owe'), 'ought')).toBe(false);
    // A rendering's note of where it stands is no meaning: H3415 "(only Isaiah 15:4)".
    expect(
      meaningHolds(
        { gloss: 'to be broken up', definition: 'to be broken up. KJV: be grievous (only Isaiah 15:4).' },
        'isai',
      ),
    ).toBe(false);
    expect(strongsVotes(input('tattoos')).some((v) => v.why.includes('H8674'))).toBe(false);
  });

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
        const byKey = (votes: Vote[]) => [...votes].sort((a, b) => a.key - b.key).map((v) => [v.key, v.score, v.why]);
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
    expect(LOCAL_PRINCIPAL.canRead('kjv')).toBe(true);
  });
});
