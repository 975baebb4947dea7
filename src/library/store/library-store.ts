import { CommentaryReader } from './commentary-reader.js';
import { ConcordanceReader } from './concordance-reader.js';
import { CrossrefReader } from './crossref-reader.js';
import { FindIndexReader } from './find-index-reader.js';
import { GenBookReader } from './genbook-reader.js';
import { HoldingsReader } from './holdings-reader.js';
import { LexiconReader } from './lexicon-reader.js';
import { LibraryFile } from './library-file.js';
import { LocalWordsReader } from './local-words-reader.js';
import { SearchReader } from './search-reader.js';
import { StoryReader } from './story-reader.js';
import { TopicReader } from './topic-reader.js';
import { VerseReader } from './verse-reader.js';

export type { NoteRow, RankedHeading } from './commentary-reader.js';
export type { ConcordancePage, StrongsVerse } from './concordance-reader.js';
export type { RankedVerse } from './find-index-reader.js';
export type { GenBookRow } from './genbook-reader.js';
export type { HeldBook } from './holdings-reader.js';
export { normaliseStrongs, type StrongsRow } from './lexicon-reader.js';
export type { ResourceKind, ResourceRow } from './library-file.js';
export type { VerseSearchHit, VerseSearchOptions, VerseSearchResult } from './search-reader.js';
export type { StoryFilter } from './story-reader.js';
export type { TopicRow } from './topic-reader.js';
export type { VerseAnnotations, VerseRow, VerseWords, WordSpan } from './verse-reader.js';

// The readers are mixins over the one open file: the callers keep the flat API they had
// (store.verses(), store.findRanked()), typed by the compiler with no cast and no signature
// written twice, where delegating methods would restate some sixty of them.
/** Read-only queries over the library file, one reader per domain; one instance per process. */
export class LibraryStore extends GenBookReader(
  LocalWordsReader(
    FindIndexReader(
      CrossrefReader(
        StoryReader(
          CommentaryReader(
            TopicReader(LexiconReader(ConcordanceReader(SearchReader(HoldingsReader(VerseReader(LibraryFile)))))),
          ),
        ),
      ),
    ),
  ),
) {}
