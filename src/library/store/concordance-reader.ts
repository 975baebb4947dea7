import { keyParts } from '../../core/reference/verse-key.js';
import { normaliseStrongs } from './lexicon-reader.js';
import type { LibraryBase } from './library-file.js';
import { asciiLower, type Occurrence, type Postings } from './postings.js';
import { verseId } from './verse-ids.js';
import type { VerseRow } from './verse-reader.js';
import { occurrenceVerses, postingsIn, spanTexts } from './word-rows.js';

/** A verse where a Strong's number occurs, with the spans that render it. */
export interface StrongsVerse {
  book: number;
  chapter: number;
  verse: number;
  spans: Array<{ idx: number; text: string }>;
}

export interface ConcordancePage {
  verses: number;
  occurrences: number;
  renderings: Array<{ word: string; count: number }>;
  byBook: Array<{ book: number; count: number }>;
  hits: Array<VerseRow & { words: string[] }>;
}

/** SQLite's BINARY order of two strings: their UTF-8 bytes. */
const binary = (a: string, b: string) => (a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b)));

/** Where Strong's numbers occur in a translation and the words that render them. */
export function ConcordanceReader<B extends LibraryBase>(Base: B) {
  return class ConcordanceReader extends Base {
    /** A number's postings in a translation; none for an unknown translation or number. */
    private postingsOf(translation: string, number: string): Postings & { ordinal: number } {
      const ordinal = this.translationOrdinal(translation);
      return ordinal === undefined
        ? { ordinal: 0, occurrences: [], renderings: [] }
        : { ordinal, ...postingsIn(this.stmt, translation, ordinal, number) };
    }

    /** The text of each occurrence's span (those of verses the translation holds). */
    private spanTextsOf(translation: string, ordinal: number, occurrences: Occurrence[]) {
      const texts = spanTexts(this.stmt, translation, ordinal, occurrences);
      return (o: Occurrence) => texts.get(`${o.key}:${o.idx}`);
    }

    /** The concordance: every verse of a translation where a number occurs, in canonical order. */
    strongsVerses(translation: string, number: string): StrongsVerse[] {
      const n = normaliseStrongs(number);
      if (!n) return [];
      const { ordinal, occurrences } = this.postingsOf(translation, n);
      const textOf = this.spanTextsOf(translation, ordinal, occurrences);
      const out: StrongsVerse[] = [];
      for (const o of occurrences) {
        const text = textOf(o);
        if (text === undefined) continue;
        const last = out[out.length - 1];
        const parts = keyParts(o.key);
        if (last && last.book === parts.book && last.chapter === parts.chapter && last.verse === parts.verse)
          last.spans.push({ idx: o.idx, text });
        else out.push({ ...parts, spans: [{ idx: o.idx, text }] });
      }
      return out;
    }

    /**
     * The concordance of one Strong's number in one translation: how many verses and word spans
     * carry it, the words that render it (lower-cased, most frequent first), verses per book, and
     * one page of the verses in canonical order with the spans that render it. Only the page's
     * verses and one verse per rendering are read.
     */
    concordance(translation: string, number: string, limit: number, offset: number): ConcordancePage {
      const { ordinal, occurrences, renderings } = this.postingsOf(translation, number);
      const verses = occurrenceVerses(occurrences);
      const byBook: Array<{ book: number; count: number }> = [];
      for (const key of verses) {
        const { book } = keyParts(key);
        const last = byBook[byBook.length - 1];
        if (last?.book === book) last.count++;
        else byBook.push({ book, count: 1 });
      }
      const page = limit ? verses.slice(offset, offset + limit) : [];
      const onPage = new Set(page);
      const shown = occurrences.filter((o) => onPage.has(o.key));
      const firsts = renderings.map((r) => occurrences[r.first] as Occurrence);
      const textOf = this.spanTextsOf(translation, ordinal, [...shown, ...firsts]);
      const words = renderings
        .map((r, i) => ({ word: asciiLower(textOf(firsts[i] as Occurrence) ?? ''), count: r.count }))
        .sort((a, b) => b.count - a.count || binary(a.word, b.word));
      const texts = new Map(
        (
          this.stmt('SELECT v.id, v.text, v.title FROM json_each(?) k JOIN verses v ON v.id = k.value').all(
            JSON.stringify(page.map((k) => verseId(ordinal, k))),
          ) as Array<{ id: number; text: string; title: string | null }>
        ).map((r) => [r.id, r]),
      );
      const wordsOf = new Map<number, string[]>(page.map((key) => [key, []]));
      for (const o of shown) {
        const text = textOf(o);
        if (text !== undefined) wordsOf.get(o.key)?.push(text);
      }
      const hits = page.flatMap((key) => {
        const v = texts.get(verseId(ordinal, key));
        if (!v) return [];
        const row = { ...keyParts(key), text: v.text };
        const spans = wordsOf.get(key) ?? [];
        return [v.title === null ? { ...row, words: spans } : { ...row, title: v.title, words: spans }];
      });
      return { verses: verses.length, occurrences: occurrences.length, renderings: words, byBook, hits };
    }

    /** The verses (as book×1e6 + chapter×1e3 + verse) of a translation where a Strong's number occurs, at most `limit`. */
    strongsVerseKeys(translation: string, number: string, limit: number): number[] {
      return occurrenceVerses(this.postingsOf(translation, number).occurrences).slice(0, limit);
    }
  };
}
