import { z } from 'zod';
import { FIND_LIMIT_MAX } from '../../../core/limits.js';
import { ConcordanceResult, FindResult, SearchResult } from '../../../core/schemas/index.js';
import { EXTENSIONS } from '../../extension.js';
import { countsText, define, limit, offset, type ToolKit, translation } from '../define.js';
import { call } from '../page.js';

/** Finding verses: by their words, by a Strong's number, by what a question means. */
export function searchTool(kit: ToolKit): void {
  define(
    kit,
    'search',
    {
      title: 'Search the Bible text',
      description:
        'Every verse of a translation containing words: to find where the Bible says something in so many words. ' +
        'All words are required; "a phrase" in quotes; a OR b; -word excludes; bless* a prefix; a Strong\'s number like G25. ' +
        'Example: {"query": "faith hope love", "within": "nt"}. For a question in your own words use find.',
      input: {
        query: z.string().min(1).max(500).describe('The words to search for, like: faith hope love'),
        within: z
          .string()
          .max(200)
          .optional()
          .describe('Scope: ot, nt, a book (Rom), a range of books (Matt-John), comma-separated'),
        translation,
        limit: limit(100, 25),
        offset: offset('Results'),
      },
      output: SearchResult,
    },
    async (args) => {
      const id = await kit.resourceId('bible', args.translation);
      const from = args.offset ?? 0;
      const data = await kit.extension(EXTENSIONS.search, () =>
        kit.client.search(id, args.query, { in: args.within, limit: args.limit ?? 25, offset: from }),
      );
      return {
        head:
          `${data.total} verse${data.total === 1 ? '' : 's'} in the ${data.translation.toUpperCase()} match ${data.query}` +
          (data.byBook.length ? ` (${countsText(data.byBook)})` : ''),
        items: data.results.map((h) => `${h.ref} ${h.text}`),
        unit: 'results',
        data: (shown) => ({ ...data, results: data.results.slice(0, shown) }),
        next: (shown) =>
          data.total > from + shown ? call('search', { ...args, translation: id, offset: from + shown }) : undefined,
        attribution: data.attribution,
      };
    },
  );
}

export function concordanceTool(kit: ToolKit): void {
  define(
    kit,
    'concordance',
    {
      title: "Strong's concordance",
      description:
        "Every verse where a Hebrew or Greek word (by its Strong's number) stands, and how the translation renders it: " +
        'to study how a word is used across Scripture. Needs a tagged translation (kjv or web). ' +
        'Example: {"number": "G25"} (agapao, to love).',
      input: {
        number: z
          .string()
          .regex(/^[GHgh]\d{1,5}$/)
          .describe("A Strong's number: G or H and 1-5 digits, like G25 or H430"),
        translation,
        limit: limit(100, 25),
        offset: offset('Verses'),
      },
      output: ConcordanceResult,
    },
    async (args) => {
      const from = args.offset ?? 0;
      const data = await kit.extension(EXTENSIONS.strongsVerses, () =>
        kit.client.strongsVerses(args.number.toUpperCase(), {
          translation: args.translation ?? kit.defaults.bible,
          limit: args.limit ?? 25,
          offset: from,
        }),
      );
      return {
        head: [
          `${data.number} ${data.lemma} (${data.transliteration}) ${data.gloss}`,
          `Rendered: ${data.renderings.map((r) => `${r.word} ×${r.count}`).join(', ')}`,
          `${data.verses} verses, ${data.occurrences} occurrences (${countsText(data.byBook)})`,
        ].join('\n'),
        items: data.results.map((h) => `${h.ref} ${h.text} [${h.words.join(', ')}]`),
        unit: 'verses',
        data: (shown) => ({ ...data, results: data.results.slice(0, shown) }),
        next: (shown) =>
          data.verses > from + shown ? call('concordance', { ...args, offset: from + shown }) : undefined,
        attribution: data.attribution,
      };
    },
  );
}

export function findTool(kit: ToolKit): void {
  define(
    kit,
    'find',
    {
      title: 'Find the verse meant',
      description:
        'The verses a question or half-remembered wording most likely means, ranked, with why each came up: ' +
        'for "where does it say…" when the exact words are not known. ' +
        'Example: {"question": "love is patient, love is kind"} → 1 Corinthians 13:4.',
      input: {
        question: z.string().min(1).max(500).describe('A question, a paraphrase or a half-remembered quotation'),
        translation,
        limit: limit(FIND_LIMIT_MAX, 10),
        offset: offset('Results'),
        all: z
          .boolean()
          .optional()
          .describe(
            'Where no verse answers the question well enough (the note says why), show the weak matches anyway',
          ),
      },
      output: FindResult,
    },
    async (args) => {
      const id = await kit.resourceId('bible', args.translation);
      // The ranking has no pages: the best `offset + limit` (at most FIND_LIMIT_MAX), from `offset` on.
      const from = Math.min(args.offset ?? 0, FIND_LIMIT_MAX);
      const upTo = Math.min(from + (args.limit ?? 10), FIND_LIMIT_MAX);
      const found = await kit.extension(EXTENSIONS.find, () => kit.client.find(id, args.question, upTo, args.all));
      const results = found.results.slice(from);
      return {
        // Nothing answered well enough: the note says why and what to try (`all` shows the weak matches).
        head: results.length
          ? found.note
          : (found.note ?? `No ${from ? `verse after the first ${from}` : 'verse'} found for: ${found.query}`),
        items: results.map((r) => `${r.ref} ${r.text}\n  (${r.why.join('; ')})`),
        unit: 'results',
        data: (shown) => ({ ...found, results: results.slice(0, shown) }),
        next: (shown) =>
          shown < results.length ? call('find', { ...args, translation: id, offset: from + shown }) : undefined,
        attribution: found.attribution,
      };
    },
  );
}
