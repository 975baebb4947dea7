import { z } from 'zod';
import { BookList, Chapter, PassageResult } from '../../../core/schemas/index.js';
import { fetchPassages, oneReference, referencesFromArgs } from '../../references.js';
import { translationNumbering } from '../../translation-numbering.js';
import { define, type ToolKit, translation, versesText } from '../define.js';
import { MCP_PASSAGE_MAX_VERSES } from '../limits.js';
import { call } from '../page.js';
import { clipVerses, passagePage, REFS_MAX_CHARS } from '../passage-page.js';

/** The Bible's words: passages in one or more translations, a chapter. */
export function passageTool(kit: ToolKit): void {
  define(
    kit,
    'passage',
    {
      title: 'Bible passage',
      description:
        'The exact text of Bible passages, to quote verses word for word instead of from memory. ' +
        'Takes references separated by ";" and one or more translations (side by side, aligned by verse: ' +
        "each verse by its own translation's number, with the first translation's in brackets where they differ). " +
        `Reads at most ${MCP_PASSAGE_MAX_VERSES} verses a call in all translations together; a longer answer says how to ask for the rest. ` +
        'Example: {"refs": "John 3:16; Rom 5:8-10", "translations": ["kjv", "web"]}.',
      input: {
        refs: z
          .string()
          .min(1)
          .max(REFS_MAX_CHARS)
          .describe('Bible references separated by ";", like "John 3:16; Rom 5:8-10"'),
        translations: z
          .array(z.string().min(1))
          .max(5)
          .optional()
          .describe('Translation ids from the catalog (kjv, web, rv1909); default: the configured one, else the first'),
      },
      output: z.object({ results: z.array(PassageResult) }),
    },
    async ({ refs, translations }) => {
      const ids = translations?.length ? translations : [await kit.resourceId('bible', undefined)];
      // Read by the first translation's numbering (Joel 4 in a Luther Bible); the others are aligned to it.
      const lead = ids[0] as string;
      const typed = await referencesFromArgs(
        [refs],
        undefined,
        translationNumbering(
          async () => kit.client,
          async () => lead,
        ),
      );
      // Cut before anything is read: whole books in five translations cost one call its share only.
      const { read, unread } = clipVerses(typed, Math.floor(MCP_PASSAGE_MAX_VERSES / ids.length));
      const results: PassageResult[] = [];
      for (const [i, id] of ids.entries())
        results.push(await fetchPassages(kit.client, id, read, [], i > 0 ? lead : undefined));
      const page = passagePage(results, unread);
      if (unread.length)
        page.head = `(One passage call reads at most ${MCP_PASSAGE_MAX_VERSES} verses in all its translations together: here the first of them.)`;
      return page;
    },
  );
}

export function chapterTool(kit: ToolKit): void {
  define(
    kit,
    'chapter',
    {
      title: 'Bible chapter',
      description:
        'A whole chapter of one translation, verse by verse: to read a passage in its context. ' +
        'Example: {"book": "Psalms", "chapter": 23, "translation": "kjv"}.',
      input: {
        book: z.string().min(1).max(60).describe('A book name or abbreviation, like "Psalms", "Ps" or "1 John"'),
        chapter: z.number().int().min(1).describe('The chapter number'),
        translation,
      },
      output: Chapter,
    },
    async (args) => {
      const id = await kit.resourceId('bible', args.translation);
      const ref = await oneReference(
        [`${args.book} ${args.chapter}`],
        'chapter takes a book and a chapter',
        undefined,
        translationNumbering(
          async () => kit.client,
          async () => id,
        ),
      );
      const data = await kit.client.chapter(id, ref.book.name, ref.start.chapter);
      const where = `${data.book.name} ${data.chapter}`;
      return {
        head: `${where} (${data.translation.toUpperCase()})`,
        items: versesText(data.verses),
        unit: 'verses',
        data: (shown) => ({ ...data, verses: data.verses.slice(0, shown) }),
        next: (shown) => {
          const from = data.verses[shown];
          const to = data.verses[data.verses.length - 1];
          return (
            from && to && call('passage', { refs: `${where}:${from.v}-${to.v}`, translations: [data.translation] })
          );
        },
        attribution: data.attribution,
      };
    },
  );
}

export function booksTool(kit: ToolKit): void {
  define(
    kit,
    'books',
    {
      title: 'Books of the Bible',
      description:
        'The 66 books in canonical order with their abbreviations, chapters and verses per chapter: ' +
        'to check a reference or spell a book. Example: {}.',
      input: {},
      output: BookList,
    },
    async () => {
      const data = await kit.client.books();
      return {
        items: data.books.map((b) => `${b.number}. ${b.name} (${b.abbreviations.join(', ')}): ${b.chapters} chapters`),
        unit: 'books',
        data: (shown) => ({ ...data, books: data.books.slice(0, shown) }),
        next: () => undefined,
        // The canon is the service's own list, not a licensed resource: there is no attribution to carry.
        attribution: '',
      };
    },
  );
}
