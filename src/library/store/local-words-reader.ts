import { fold } from '../../core/search/matches.js';
import type { LibraryBase } from './library-file.js';

/** A verse of a translation in its own language that `bible find` ranked: key, BM25 relevance (higher is better), its stems. */
export interface LocalRankedVerse {
  key: number;
  score: number;
  stems: string;
}

/** What find and `--stem` read of the translations not in English: their stems, their stemmed verses, their stems' English words. */
export function LocalWordsReader<B extends LibraryBase>(Base: B) {
  return class LocalWordsReader extends Base {
    /** Verses of a translation matching an FTS5 expression over their stems (find_local_fts), best first. */
    localRanked(translation: string, match: string, limit: number): LocalRankedVerse[] {
      return this.stmt(
        `SELECT key, -rank AS score, stems FROM find_local_fts
         WHERE find_local_fts MATCH ? AND translation = ? ORDER BY rank LIMIT ?`,
      ).all(`{stems} : (${match})`, translation, limit) as LocalRankedVerse[];
    }

    private readonly localFrequencies = new Map<string, number>();

    /** How many verses of a translation hold a stem (find_local_fts); remembered per stem. */
    localFrequency(translation: string, stem: string): number {
      const id = `${translation}\t${stem}`;
      let n = this.localFrequencies.get(id);
      if (n === undefined) {
        n = (
          this.stmt('SELECT count(*) AS n FROM find_local_fts WHERE find_local_fts MATCH ? AND translation = ?').get(
            `{stems} : "${stem.replace(/"/g, '""')}"`,
            translation,
          ) as { n: number }
        ).n;
        if (this.localFrequencies.size > 10_000) this.localFrequencies.clear();
        this.localFrequencies.set(id, n);
      }
      return n;
    }

    /**
     * The English words of a word (lower case) as the text writes it, else of the text's words
     * that are it without accents, else of its stem (local_glosses), best first.
     */
    localGlosses(language: string, word: string, stem: string): Array<{ word: string; weight: number }> {
      const glosses = (form: string) =>
        this.stmt('SELECT word, weight FROM local_glosses WHERE language = ? AND form = ? ORDER BY weight DESC').all(
          language,
          form,
        ) as Array<{ word: string; weight: number }>;
      for (const form of [`=${word}`, `~${fold(word)}`, stem]) {
        const found = glosses(form);
        if (found.length) return found;
      }
      return [];
    }
  };
}
