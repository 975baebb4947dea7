import { describe, expect, it } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';

describe('LibraryStore', () => {
  it('is one flat API over its readers: each name defined once, the public ones as before the split', () => {
    const defined: string[] = [];
    for (let p = LibraryStore.prototype; p !== Object.prototype; p = Object.getPrototypeOf(p))
      defined.push(...Object.getOwnPropertyNames(p).filter((name) => name !== 'constructor'));
    const helpers = [
      'idRange',
      'matching',
      'matchingVerses',
      'rangeRows',
      'scanConnection',
      'searchSteps',
      'taggedWords',
      'topicRow',
    ];
    expect(defined.length).toBe(new Set(defined).size);
    expect(defined.filter((name) => !helpers.includes(name)).sort()).toEqual([
      'chapter',
      'close',
      'concordance',
      'crossrefReach',
      'crossrefReachMost',
      'crossrefs',
      'crossrefsOf',
      'dictionaryEntry',
      'dictionaryHolding',
      'dictionarySearch',
      'findFirst',
      'findFrequency',
      'findRanked',
      'genbookChildren',
      'genbookContents',
      'genbookSection',
      'genbookSectionAt',
      'genbookText',
      'headwordVocabulary',
      'heldBooks',
      'holdsBook',
      'isStrongsTagged',
      'localFrequency',
      'localGlosses',
      'localRanked',
      'noteAt',
      'notesInChapter',
      'rankedHeadings',
      'rankedStories',
      'resources',
      'schemaVersion',
      'searchVerses',
      'searchWords',
      'searchWordsInTurns',
      'spokenByChrist',
      'stemForms',
      'stories',
      'story',
      'strongs',
      'strongsByTransliteration',
      'strongsSearch',
      'strongsVerseIds',
      'strongsVerseKeys',
      'strongsVerses',
      'topicBrowse',
      'topicByHeadword',
      'topicEntry',
      'topicSearch',
      'topicWeighed',
      'topicsNamedBy',
      'translationLanguage',
      'verseAnnotations',
      'verseTexts',
      'verseWords',
      'verses',
      'versificationOf',
    ]);
  });
});
