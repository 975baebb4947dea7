import type { LibraryStore } from '../library/store/library-store.js';

/**
 * What of the library find reads: the queries its signals and its reading of the question ask,
 * declared here so that find depends on these alone (any object with them will do, as the tests'
 * stores may), not on how the library's store is put together.
 */
export type FindStore = Pick<
  LibraryStore,
  // the verses and the full-text index over the English translations (find_fts)
  | 'resources'
  | 'verses'
  | 'verseTexts'
  | 'verseWords'
  | 'findFrequency'
  | 'findRanked'
  | 'findFirst'
  | 'spokenByChrist'
  // a translation in its own language (not English): its language, its stemmed verses, its words' English
  | 'translationLanguage'
  | 'localRanked'
  | 'localFrequency'
  | 'localGlosses'
  // the topical works, the stories and the commentaries' headings
  | 'topicWeighed'
  | 'topicSearch'
  | 'topicsNamedBy'
  | 'headwordVocabulary'
  | 'rankedStories'
  | 'rankedHeadings'
  // the lexicons and the KJV word book
  | 'strongs'
  | 'strongsSearch'
  | 'strongsByTransliteration'
  | 'strongsVerseKeys'
  | 'dictionaryHolding'
  // the cross-references
  | 'crossrefsOf'
  | 'crossrefReach'
  | 'crossrefReachMost'
>;
