import { languageOfCatalogName } from '../../core/canon/book-names.js';
import { verseKey } from '../../core/reference/verse-key.js';
import { fold, matchedWords } from '../../core/search/matches.js';
import { type SearchQuery, wantedTerms } from '../../core/search/query.js';
import type { BookSpan } from '../../core/search/scope.js';
import { ftsQuery } from './fts.js';
import type { LibraryBase } from './library-file.js';
import { MatchGatherer, type MatchList, MatchLists } from './match-list.js';
import { compileSearch, type IdRange, withStemForms } from './search-sql.js';
import { drain, eachInSlices, rowsInSlices, type Scan, SliceClock, type Steps } from './stepped-scan.js';
import { verseId } from './verse-ids.js';
import { type VerseRow, verseRow } from './verse-reader.js';
import { postingsIn, spanTexts } from './word-rows.js';

export interface VerseSearchOptions {
  scope: BookSpan[];
  /** Porter-stemmed index: love also finds loved, loveth, lovest. */
  stem: boolean;
  order: 'canonical' | 'relevance';
  limit: number;
  offset: number;
}

export interface VerseSearchHit extends VerseRow {
  /** The words of the verse that matched, in order, each once. */
  matches: string[];
}

export interface VerseSearchResult {
  total: number;
  byBook: Array<{ book: number; count: number }>;
  hits: VerseSearchHit[];
}

/** Search over a translation's verses: full-text, and by a parsed query (words, phrases, stems, Strong's numbers). */
export function SearchReader<B extends LibraryBase>(Base: B) {
  return class SearchReader extends Base {
    /** Plain BM25 full-text search over one translation's verses, whole words (best matches first): bench/search.mjs's yardstick. */
    searchVerses(translation: string, text: string, limit: number): VerseRow[] {
      const q = ftsQuery(text);
      if (!q) return [];
      return this.stmt(
        `SELECT v.book, v.chapter, v.verse, v.text FROM verses_words_fts f JOIN verses v ON v.id = f.rowid
         WHERE verses_words_fts MATCH ? AND v.translation = ? ORDER BY bm25(verses_words_fts) LIMIT ?`,
      ).all(q, translation, limit) as VerseRow[];
    }

    /**
     * Verses of one translation matching a parsed query: the total and count per book of all of
     * them, and one page in canonical order or by relevance (bm25; canonical among equals), each
     * with the words that matched. Read at once: for a process with nothing else to answer.
     */
    searchWords(translation: string, typed: SearchQuery, options: VerseSearchOptions): VerseSearchResult {
      return drain(
        this.searchSteps(translation, typed, options, { prepare: this.stmt, clock: new SliceClock(Infinity) }),
      );
    }

    /**
     * searchWords read in slices (stepped-scan.ts) on a connection of their own, each slice in a
     * turn of the event loop of its own: what the service runs, where other requests wait meanwhile.
     */
    searchWordsInTurns(
      translation: string,
      typed: SearchQuery,
      options: VerseSearchOptions,
    ): Promise<VerseSearchResult> {
      return this.scanConnection().run((scan) => this.searchSteps(translation, typed, options, scan));
    }

    private readonly matchLists = new MatchLists();

    /** How many searches have matched the index (a page read from a kept match list is not one). */
    scansRun = 0;

    private *searchSteps(
      translation: string,
      typed: SearchQuery,
      options: VerseSearchOptions,
      scan: Scan,
    ): Steps<VerseSearchResult> {
      const language = options.stem ? this.translationLanguage(translation) : undefined;
      const query = options.stem ? withStemForms(typed, (w) => this.stemForms(w, language)) : typed;
      const ranked = options.order === 'relevance';
      const key = JSON.stringify([translation, query, options.scope, ranked]);
      let list = this.matchLists.get(key);
      if (!list) {
        list = yield* this.matching(translation, query, options.scope, ranked, scan);
        this.matchLists.set(key, list);
      }
      const { ids, byBook } = list;
      const total = ids.length;
      if (!options.limit || options.offset >= total) return { total, byBook, hits: [] };
      const page = Array.from(ids.subarray(options.offset, options.offset + options.limit));
      const byId = new Map(
        (
          this.stmt(
            'SELECT id, book, chapter, verse, text, title FROM verses WHERE id IN (SELECT value FROM json_each(?))',
          ).all(JSON.stringify(page)) as Array<VerseRow & { id: number; title: string | null }>
        )
          // A psalm's title is part of its verse, searched with it (verses_words_fts indexes both).
          .map((r) => [r.id, verseRow(r) as VerseRow & { id: number }]),
      );
      const rows = page.map((id) => byId.get(id) as VerseRow & { id: number });
      const terms = wantedTerms(query);
      const tagged = this.taggedWords(translation, terms, rows);
      // The matched words of a page of 1000 verses are some 35 ms of reading: in slices too.
      const hits: VerseSearchHit[] = [];
      yield* eachInSlices(
        rows,
        ({ id, ...row }) => {
          const words = matchedWords(row.title ? `${row.title} ${row.text}` : row.text, terms);
          for (const w of tagged.get(id) ?? []) if (!words.includes(w)) words.push(w);
          hits.push({ ...row, matches: words });
        },
        scan.clock,
      );
      return { total, byBook, hits };
    }

    /**
     * Every verse matching the query, in order: one scan (no ORDER BY, so rows come as the index
     * yields them and the scan can pause between any two), ordered here. bm25 is FTS5's own, from
     * the index's statistics whichever rows are read, so the order is the one ORDER BY rank gave.
     */
    private *matching(
      translation: string,
      query: SearchQuery,
      scope: BookSpan[],
      ranked: boolean,
      { prepare, clock }: Scan,
    ): Steps<MatchList> {
      const compiled = compileSearch(
        query,
        scope,
        this.idRange(translation),
        (numbers) => this.strongsVerseIds(translation, numbers),
        ranked,
      );
      const from = compiled.matchSql ? `verses v JOIN (${compiled.matchSql}) f ON f.rowid = v.id` : 'verses v';
      const where = ['v.translation = ?', ...compiled.where].join(' AND ');
      const params = [...(compiled.match ? [compiled.match] : []), translation, ...compiled.params];
      const byRank = ranked && compiled.match !== undefined;
      const gathered = new MatchGatherer(byRank);
      const columns = `v.id, v.book, v.chapter, v.verse${byRank ? ', f.rank' : ''}`;
      this.scansRun++;
      yield* rowsInSlices(prepare(`SELECT ${columns} FROM ${from} WHERE ${where}`), params, gathered.take, clock);
      return yield* gathered.list(clock);
    }

    /** The ids of a translation's verses that carry any of the numbers. */
    strongsVerseIds(translation: string, numbers: string[]): number[] {
      const ordinal = this.translationOrdinal(translation);
      if (ordinal === undefined) return [];
      const keys = new Set<number>();
      for (const n of new Set(numbers))
        for (const o of postingsIn(this.stmt, translation, ordinal, n).occurrences) keys.add(o.key);
      return [...keys].map((k) => verseId(ordinal, k));
    }

    private idRanges = new Map<string, IdRange>();

    /**
     * A translation's first and last verse id. Its verses are imported together in canonical order
     * (src/library/import), so those are the ids of its first and last verse: two seeks of the
     * verses_key index, where min(id) and max(id) read all of its ~31,000 entries (~2.5 ms).
     */
    private idRange(translation: string): IdRange {
      let range = this.idRanges.get(translation);
      if (!range) {
        const row = this.stmt(
          `SELECT (SELECT id FROM verses WHERE translation = @t ORDER BY book, chapter, verse LIMIT 1) AS first,
            (SELECT id FROM verses WHERE translation = @t ORDER BY book DESC, chapter DESC, verse DESC LIMIT 1) AS last`,
        ).get({ t: translation }) as { first: number | null; last: number | null };
        range = { first: row.first ?? 0, last: row.last ?? -1 };
        this.idRanges.set(translation, range);
      }
      return range;
    }

    /**
     * The words of the text that share a word's stem (love: love, loved, loveth, lovest, …), or the
     * word itself, in the translation's language (the RV1909's Spanish by Snowball's stems, made at
     * import: perdonar, perdonad, perdonó, …).
     */
    stemForms(word: string, language = 'en'): string[] {
      const forms = this.stmt(
        'SELECT term FROM word_stems WHERE language = ? AND stem = (SELECT stem FROM word_stems WHERE language = ? AND term = ?) ORDER BY term',
      ).all(language, language, fold(word)) as Array<{ term: string }>;
      return forms.length ? forms.map((f) => f.term) : [word];
    }

    /** A translation's language where it has book names and words of its own ("es" for the RV1909), from its catalog name; undefined for English. */
    translationLanguage(translation: string): string | undefined {
      const row = this.resources().find((r) => r.kind === 'bible' && r.id === translation);
      return row ? languageOfCatalogName(row.name) : undefined;
    }

    /** Per verse id, the spans tagged with the query's Strong's numbers (the English words that render them). */
    private taggedWords(
      translation: string,
      terms: ReturnType<typeof wantedTerms>,
      rows: Array<VerseRow & { id: number }>,
    ): Map<number, string[]> {
      const out = new Map<number, string[]>();
      const numbers = terms.flatMap((t) => (t.kind === 'strongs' ? [t.number] : []));
      if (!numbers.length) return out;
      const ordinal = this.translationOrdinal(translation);
      if (ordinal === undefined) return out;
      const page = new Map(rows.map((r) => [verseKey(r.book, r.chapter, r.verse), r.id]));
      const occurrences = [...new Set(numbers)]
        .flatMap((n) => postingsIn(this.stmt, translation, ordinal, n).occurrences)
        .filter((o) => page.has(o.key))
        .sort((a, b) => a.key - b.key || a.idx - b.idx);
      const texts = spanTexts(this.stmt, translation, ordinal, occurrences);
      for (const o of occurrences) {
        const id = page.get(o.key) as number;
        const text = texts.get(`${o.key}:${o.idx}`);
        if (text !== undefined) out.set(id, [...(out.get(id) ?? []), text]);
      }
      return out;
    }
  };
}
