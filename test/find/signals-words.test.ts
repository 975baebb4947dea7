import { describe, expect, it } from 'vitest';
import { keyParts } from '../../src/core/reference/verse-key.js';
import { anotherName, meaningHolds } from '../../src/find/signals/strongs.js';
import { itWithSword } from '../support/env.js';
import {
  lexicalMatches,
  lexicalVotes,
  namedVotes,
  passageVotes,
  phraseVotes,
  ranked,
  ref,
  strongsVotes,
  type TestInput,
  testInput,
  voteFor,
} from '../support/signal-votes.js';
import { useTestStore } from '../support/test-store.js';

describe('the signals that read the words, on the real library', () => {
  const store = useTestStore();
  const input = (question: string, over: Partial<TestInput> = {}) => testInput(store(), question, over);

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
    // The whole line in a row: a quotation, worth QUOTED (2).
    expect(voteFor(votes, 'Philippians 4:13')).toMatchObject({
      score: 2,
      why: 'phrase (KJV): 6 of 6 word pairs in order',
    });
    // Pairs apart are no quotation: Zechariah 13:7 has "the LORD", "is my" and "my shepherd" in
    // three places (no two pairs in a row: no phrase), Psalm 23:1 the line in a row.
    const shepherd = input('the lord is my shepherd');
    const sv = phraseVotes(shepherd, lexicalMatches(shepherd));
    expect(voteFor(sv, 'Psalms 23:1')).toMatchObject({ score: 2, why: 'phrase (KJV): 4 of 4 word pairs in order' });
    expect(voteFor(sv, 'Zechariah 13:7')).toBeUndefined();
    // One pair alone is no phrase: "the golden" of "the golden rule".
    const golden = input('the golden rule');
    expect(voteFor(phraseVotes(golden, lexicalMatches(golden)), 'Revelation 8:3')).toBeUndefined();
  });

  itWithSword("strongs: today's word reaches the KJV's archaic one through the number", () => {
    const votes = strongsVotes(input('anxiety'));
    const matthew = voteFor(votes, 'Matthew 6:34');
    expect(matthew?.why).toContain('G3309');
    expect(store().verses('kjv', 40, 6, 34, 6, 34)[0]?.text).toContain('Take therefore no thought');
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
});
