import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseReference } from '../../core/reference/reference.js';
import { type VerseKey, verseKey } from '../../core/reference/verse-key.js';
import type { DescribedEntry } from '../../core/schemas/people-places.js';
import { PEOPLE_PLACES } from '../../library/import/known-modules.js';
import { packageRoot } from '../../library/package-root.js';
import { askedWords, holds } from '../cue.js';
import { contentWords } from '../question.js';
import type { Signal, Vote } from '../signal.js';

/** The person or place a question describes, and the description of theirs it told. */
export interface DescribedReason {
  signal: 'described';
  name: string;
  description: string;
  resource: string;
}

/** Each verse after a description's first counts this much less (the plainest is listed first). */
const PER_PLACE = 0.1;
/** Each verse after the first of a listed range counts for this much. */
const IN_RANGE = 0.5;

/** A description as find reads it: each phrase's content words, and its verses' keys by place. */
interface Description {
  name: string;
  description: string;
  phrases: string[][];
  verses: Array<{ key: VerseKey; score: number }>;
}

let descriptions: readonly Description[] | undefined;

/**
 * The descriptions of data/people-places/ (its schema: DescribedEntry, which the importer and
 * test/find/described.test.ts check the files against; find reads them without zod), read from
 * the package's data/ on first use, each phrase as the content words a question would give.
 */
export function loadDescriptions(): readonly Description[] {
  if (!descriptions) {
    const out: Description[] = [];
    for (const file of ['people.json', 'places.json']) {
      const path = join(packageRoot(), 'data', 'people-places', file);
      const entries = (JSON.parse(readFileSync(path, 'utf8')) as { entries?: DescribedEntry[] }).entries ?? [];
      for (const e of entries)
        for (const d of e.descriptions)
          out.push({
            name: e.name,
            description: d.phrases[0] as string,
            phrases: d.phrases.map(contentWords),
            verses: d.verses.flatMap((v, place) => {
              const r = parseReference(v);
              const keys: Array<{ key: VerseKey; score: number }> = [];
              for (let n = r.start.verse; n <= r.end.verse; n++)
                keys.push({
                  key: verseKey(r.book.number, r.start.chapter, n),
                  score: (n === r.start.verse ? 1 : IN_RANGE) / (1 + PER_PLACE * place),
                });
              return keys;
            }),
          });
    }
    descriptions = out;
  }
  return descriptions;
}

/**
 * People and places asked by what the Bible says of them ("who was Israel's first king", "the
 * town where Jesus grew up", "the apostle from Tarsus"), answered by the verses that say it
 * (1 Samuel 10:1, Luke 4:16, Acts 22:3): our index of data/people-places/, each description in
 * the words people ask it by. A description is told when the question holds every content word
 * of one of its phrases (by inflection and irregular form: "grow up" tells "grew up"); its
 * verses vote by how much of the question it answers (the share of the question's content words
 * its phrase holds), the plainest verse first.
 */
export const described: Signal<DescribedReason> = {
  name: 'described',
  phase: 'vote',
  weight: 2,
  reads: 'People and Places (data/people-places/): descriptions of people and places, and the verses that state them',
  works: (usable) => usable.filter((r) => r.id === PEOPLE_PLACES.id).map((r) => r.id),
  votes(input, { works }) {
    const work = works[0];
    if (!work || !input.words.length) return [];
    const asked = askedWords(input.words);
    const votes = new Map<VerseKey, Vote<DescribedReason>>();
    for (const d of loadDescriptions()) {
      let answered = 0;
      for (const phrase of d.phrases) {
        if (!phrase.every((w) => asked.some((a) => holds(a, w)))) continue;
        const share = asked.filter((a) => phrase.some((w) => holds(a, w))).length / asked.length;
        answered = Math.max(answered, share);
      }
      if (!answered) continue;
      const reason: DescribedReason = { signal: 'described', name: d.name, description: d.description, resource: work };
      for (const v of d.verses) {
        const score = answered * v.score;
        const old = votes.get(v.key);
        if (!old || old.score < score) votes.set(v.key, { key: v.key, score, reason });
      }
    }
    return [...votes.values()];
  },
  tell: (r) => `people and places: ${r.name}, ${r.description}`,
};
