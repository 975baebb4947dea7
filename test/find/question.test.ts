import { describe, expect, it } from 'vitest';
import { formatReference } from '../../src/core/reference/reference.js';
import { heldWords, wordsMatch } from '../../src/find/full-text.js';
import { contentWords, namedReferences, phraseTokens, tokens } from '../../src/find/question.js';
import { statementOrders } from '../../src/find/signals/phrase.js';
import { lexiconPrefix } from '../../src/find/signals/strongs.js';
import { inflectionless, stem } from '../../src/find/stem.js';

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
    // As people type them: "john 14 6" is John 14:6; a lower-case "is" before a number is the sentence's.
    expect(namedReferences('john 14 6').map(formatReference)).toEqual(['John 14:6']);
    expect(namedReferences('what is 17 times 23')).toEqual([]);
    expect(namedReferences('Is 53:5').map(formatReference)).toEqual(['Isaiah 53:5']);
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
