import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { BibleClient } from '../../client/client.js';
import {
  BookList,
  type Catalog,
  Chapter,
  CommentaryChapter,
  ConcordanceResult,
  CrossRefs,
  FindResult,
  MergedTopic,
  PassageResult,
  SearchResult,
  Story,
  StoryKind,
  StoryList,
  StrongsSearchResult,
  TestamentId,
} from '../../core/schemas/index.js';
import { emphasis, groupRuns } from '../commands/commentary.js';
import type { ResourceKind } from '../context.js';
import { usageError } from '../errors.js';
import { EXTENSIONS, type Extension, offeredBy } from '../extension.js';
import { fetchPassages, oneReference, referencesFromArgs } from '../references.js';
import { toolError } from './tool-error.js';

/** What the tools answer from: the project's client, and the defaults the user configured. */
export interface ToolDeps {
  client: BibleClient;
  /** "the embedded library" or "the service at <url>", for an extension the service lacks. */
  where: string;
  /** Configured resource ids (translation, commentary); the catalog's first where none is set. */
  defaults: Partial<Record<ResourceKind, string>>;
}

/** A tool's answer: the data as structured content, and text for the model ending in the attribution. */
interface Answer<T> {
  data: T;
  text: string;
  attribution: string;
}

type Shape = Record<string, z.ZodType>;

function define<I extends Shape, O extends z.ZodObject>(
  server: McpServer,
  name: string,
  spec: { title: string; description: string; input: I; output: O },
  run: (args: z.infer<z.ZodObject<I>>) => Promise<Answer<z.infer<O>>>,
): void {
  server.registerTool(
    name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.input,
      // A fresh object of the same shape: the contract's schemas carry an OpenAPI id, which would
      // make the JSON schema a bare $ref where MCP requires `type: object` at the top.
      outputSchema: z.object(spec.output.shape),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (async (args: z.infer<z.ZodObject<I>>): Promise<CallToolResult> => {
      try {
        const { data, text, attribution } = await run(args);
        return {
          content: [{ type: 'text', text: attribution ? `${text}\n\n${attribution}` : text }],
          structuredContent: data as Record<string, unknown>,
        };
      } catch (err) {
        return toolError(err);
      }
    }) as never,
  );
}

const translation = z
  .string()
  .optional()
  .describe('A translation id from the catalog: kjv, web, rv1909 (default: the configured one, else the first)');
const reference = (example: string) => z.string().min(1).max(200).describe(`A Bible reference, like "${example}"`);
const limit = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).optional().describe(`How many results (1-${max}, default ${fallback})`);
const offset = z.number().int().min(0).optional().describe('Results to skip, to page on (default 0)');

function versesText(verses: ReadonlyArray<{ chapter?: number; v: number; text: string }>): string {
  return verses.map((v) => (v.chapter ? `${v.chapter}:${v.v} ${v.text}` : `${v.v} ${v.text}`)).join('\n');
}

function countsText(byBook: ReadonlyArray<{ book: string; count: number }>): string {
  return byBook.map((b) => `${b.book} ${b.count}`).join(', ');
}

/** Registers every tool on `server`; each answers through `deps.client` and never throws. */
export function registerTools(server: McpServer, deps: ToolDeps): void {
  const { client } = deps;
  let catalog: Promise<Catalog> | undefined;
  const resourceId = async (kind: ResourceKind, asked: string | undefined): Promise<string> => {
    if (asked) return asked;
    const configured = deps.defaults[kind];
    if (configured) return configured;
    catalog ??= client.catalog();
    const first = (await catalog)[kind][0];
    if (!first) throw usageError(`this key can read no ${kind}`);
    return first.id;
  };
  const extension = <T>(ext: Extension, call: () => Promise<T>) => offeredBy(deps.where, ext, client, call);

  define(
    server,
    'passage',
    {
      title: 'Bible passage',
      description:
        'The exact text of Bible passages, to quote verses word for word instead of from memory. ' +
        'Takes references separated by ";" and one or more translations (side by side). ' +
        'Example: {"refs": "John 3:16; Rom 5:8-10", "translations": ["kjv", "web"]}.',
      input: {
        refs: reference('John 3:16; Rom 5:8-10'),
        translations: z
          .array(z.string().min(1))
          .max(5)
          .optional()
          .describe('Translation ids from the catalog (kjv, web, rv1909); default: the configured one, else the first'),
      },
      output: z.object({ results: z.array(PassageResult) }),
    },
    async ({ refs, translations }) => {
      const typed = await referencesFromArgs([refs]);
      const ids = translations?.length ? translations : [await resourceId('bible', undefined)];
      const results: PassageResult[] = [];
      for (const id of ids) results.push(await fetchPassages(client, id, typed));
      const text = results
        .flatMap((r) => r.passages.map((p) => `${p.ref} (${r.translation.toUpperCase()})\n${versesText(p.verses)}`))
        .join('\n\n');
      return { data: { results }, text, attribution: results.map((r) => r.attribution).join('\n') };
    },
  );

  define(
    server,
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
      const ref = await oneReference([`${args.book} ${args.chapter}`], 'chapter takes a book and a chapter');
      const id = await resourceId('bible', args.translation);
      const data = await client.chapter(id, ref.book.name, ref.start.chapter);
      const text = `${data.book.name} ${data.chapter} (${data.translation.toUpperCase()})\n${versesText(data.verses)}`;
      return { data, text, attribution: data.attribution };
    },
  );

  define(
    server,
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
          .optional()
          .describe('Scope: ot, nt, a book (Rom), a range of books (Matt-John), comma-separated'),
        translation,
        limit: limit(100, 25),
        offset,
      },
      output: SearchResult,
    },
    async (args) => {
      const id = await resourceId('bible', args.translation);
      const data = await extension(EXTENSIONS.search, () =>
        client.search(id, args.query, { in: args.within, limit: args.limit ?? 25, offset: args.offset }),
      );
      const lines = data.results.map((h) => `${h.ref} ${h.text}`);
      const text = [
        `${data.total} verse${data.total === 1 ? '' : 's'} in the ${data.translation.toUpperCase()} match ${data.query}` +
          (data.byBook.length ? ` (${countsText(data.byBook)})` : ''),
        ...lines,
        ...(data.total > lines.length + (args.offset ?? 0)
          ? [`(more: offset ${(args.offset ?? 0) + lines.length})`]
          : []),
      ].join('\n');
      return { data, text, attribution: data.attribution };
    },
  );

  define(
    server,
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
        offset,
      },
      output: ConcordanceResult,
    },
    async (args) => {
      const data = await extension(EXTENSIONS.strongsVerses, () =>
        client.strongsVerses(args.number.toUpperCase(), {
          translation: args.translation ?? deps.defaults.bible,
          limit: args.limit ?? 25,
          offset: args.offset,
        }),
      );
      const text = [
        `${data.number} ${data.lemma} (${data.transliteration}) ${data.gloss}`,
        `Rendered: ${data.renderings.map((r) => `${r.word} ×${r.count}`).join(', ')}`,
        `${data.verses} verses, ${data.occurrences} occurrences (${countsText(data.byBook)})`,
        ...data.results.map((h) => `${h.ref} ${h.text} [${h.words.join(', ')}]`),
      ].join('\n');
      return { data, text, attribution: data.attribution };
    },
  );

  define(
    server,
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
        limit: limit(50, 10),
      },
      output: FindResult,
    },
    async (args) => {
      const id = await resourceId('bible', args.translation);
      const data = await extension(EXTENSIONS.find, () => client.find(id, args.question, args.limit));
      const text = data.results.length
        ? data.results.map((r) => `${r.ref} ${r.text}\n  (${r.why.join('; ')})`).join('\n')
        : `No verse found for: ${data.query}`;
      return { data, text, attribution: data.attribution };
    },
  );

  define(
    server,
    'strongs',
    {
      title: "Strong's lexicon",
      description:
        "Strong's Hebrew and Greek lexicon: the entry for a number (lemma, transliteration, gloss, definition), " +
        'or the entries matching an English word. Give number or search. ' +
        'Examples: {"number": "G26"} (agape); {"search": "love", "lexicon": "greek"}.',
      input: {
        number: z
          .string()
          .regex(/^[GHgh]\d{1,5}$/)
          .optional()
          .describe("A Strong's number: G or H and 1-5 digits, like G26 or H430"),
        search: z.string().min(1).max(200).optional().describe('An English or original-language word to look up'),
        lexicon: z.enum(['greek', 'hebrew']).optional().describe('With search: only this lexicon'),
      },
      output: StrongsSearchResult,
    },
    async (args) => {
      if (!args.number === !args.search) throw usageError('strongs takes either number or search');
      const data = args.number
        ? await client.strongs(args.number.toUpperCase()).then((e) => ({ results: [e], attribution: e.attribution }))
        : await client.strongsSearch(args.search as string, args.lexicon);
      const text = data.results.length
        ? data.results
            .map((e) => `${e.number} ${e.lemma} (${e.transliteration}) ${e.gloss}\n${e.definition}`)
            .join('\n\n')
        : `No entry matches ${args.search}`;
      return { data, text, attribution: data.attribution };
    },
  );

  define(
    server,
    'commentary',
    {
      title: 'Bible commentary',
      description:
        "A classic commentary's notes on a verse or a whole chapter: Matthew Henry's Concise (mhcc), " +
        "Scofield (scofield), Spurgeon's Treasury of David on the Psalms (tdavid). " +
        'Example: {"reference": "John 3:16", "commentary": "mhcc"}; a chapter: {"reference": "Psalms 23"}.',
      input: {
        reference: reference('John 3:16'),
        commentary: z
          .string()
          .optional()
          .describe(
            'A commentary id from the catalog: mhcc, scofield, tdavid (default: the configured one, else the first)',
          ),
      },
      output: CommentaryChapter,
    },
    async (args) => {
      const usage = 'commentary takes one chapter (John 3) or one verse (John 3:16)';
      const ref = await oneReference([args.reference], usage);
      if (ref.start.chapter !== ref.end.chapter) throw usageError(usage);
      const id = await resourceId('commentaries', args.commentary);
      const wholeChapter = ref.start.verse === 1 && ref.end.verse === ref.book.verseCounts[ref.end.chapter - 1];
      let data: CommentaryChapter;
      if (wholeChapter && ref.start.verse !== ref.end.verse) {
        data = await client.commentaryChapter(id, ref.book.name, ref.start.chapter);
      } else {
        if (ref.start.verse !== ref.end.verse) throw usageError(usage);
        const verse = await client.commentaryVerse(id, ref.book.name, ref.start.chapter, ref.start.verse);
        const { id: vid, book, chapter, attribution } = verse;
        data = { id: vid, book, chapter, entries: [{ verse: verse.verse, text: verse.text }], attribution };
      }
      const text = groupRuns(data.entries)
        .map((run) => {
          const range = run.from === run.to ? `${run.from}` : `${run.from}-${run.to}`;
          return `${data.book} ${data.chapter}:${range} (${data.id})\n${emphasis(run.text, (s) => s)}`;
        })
        .join('\n\n');
      return { data, text: text || `No notes on ${args.reference} in ${data.id}`, attribution: data.attribution };
    },
  );

  define(
    server,
    'topic',
    {
      title: 'Topical Bible',
      description:
        "A topic's entries in every topical work (Nave's Topical Bible; Everyday Topics, the key verses on a subject in today's words): " +
        'headings with the verses on each, each work under its own name, ' +
        'to gather what Scripture says on a subject. Example: {"topic": "faith"}. ' +
        'A subject with no entry (NOT_FOUND) may still be found by find, in your own words.',
      input: { topic: z.string().min(1).max(100).describe('A topic headword, like faith, prayer or Abraham') },
      output: MergedTopic,
    },
    async (args) => {
      const data = await client.topicMerged(args.topic);
      // Each work under its own name, as `bible topic` prints it: its sections are no part of the other's.
      const text = data.sources
        .map((s) =>
          [
            `${data.headword} (${s.id})`,
            ...s.sections.map(
              (sec) =>
                `${sec.heading ? `${sec.heading}: ` : ''}${sec.refs.map((r) => r.ref).join('; ')}` +
                (sec.see.length ? ` (see also ${sec.see.join(', ')})` : ''),
            ),
          ].join('\n'),
        )
        .join('\n\n');
      return { data, text, attribution: data.sources.map((s) => s.attribution).join('\n') };
    },
  );

  define(
    server,
    'crossrefs',
    {
      title: 'Cross-references',
      description:
        'The verses the Treasury of Scripture Knowledge links to one verse: parallels, quotations and themes. ' +
        'Example: {"reference": "John 3:16"}; then passage to read them.',
      input: { reference: reference('John 3:16') },
      output: CrossRefs,
    },
    async (args) => {
      const usage = 'crossrefs takes one verse, like John 3:16';
      const ref = await oneReference([args.reference], usage);
      if (ref.start.chapter !== ref.end.chapter || ref.start.verse !== ref.end.verse) throw usageError(usage);
      const data = await client.crossrefs(ref.book.name, ref.start.chapter, ref.start.verse);
      const text = `Cross-references of ${data.book} ${data.chapter}:${data.verse}\n${data.refs.join('; ') || '(none)'}`;
      return { data, text, attribution: data.attribution };
    },
  );

  define(
    server,
    'stories',
    {
      title: 'Bible stories',
      description:
        'Curated Bible stories and parables (title, passages, summary, characters, themes), filtered by words, ' +
        'theme, testament or kind. Example: {"search": "prodigal"}; {"kind": "parable", "testament": "NT"}. ' +
        'Then story with a slug for one.',
      input: {
        search: z.string().min(1).max(200).optional().describe('Words to look for in titles, summaries, characters'),
        theme: z.string().min(1).max(60).optional().describe('A theme tag, like forgiveness or faith'),
        testament: TestamentId.optional().describe('OT or NT'),
        kind: StoryKind.optional().describe('narrative or parable'),
        limit: limit(100, 25),
      },
      output: StoryList,
    },
    async (args) => {
      const data = await client.stories({
        q: args.search,
        theme: args.theme,
        testament: args.testament,
        kind: args.kind,
        limit: args.limit,
      });
      const text = [
        `${data.total} stor${data.total === 1 ? 'y' : 'ies'}`,
        ...data.stories.map((s) => `${s.slug}: ${s.title} (${s.passages.map((p) => p.ref).join('; ')})`),
      ].join('\n');
      return { data, text, attribution: data.attribution };
    },
  );

  define(
    server,
    'story',
    {
      title: 'Bible story',
      description:
        'One curated story by its slug: its passages, summary, characters, themes and era. ' +
        'Example: {"slug": "the-prodigal-son"}; stories finds slugs.',
      input: { slug: z.string().min(1).max(100).describe('A story slug, like the-prodigal-son') },
      output: Story,
    },
    async (args) => {
      const s = await client.story(args.slug);
      const text = [
        `${s.title} (${s.kind}, ${s.testament}, ${s.era})`,
        `Passages: ${s.passages.map((p) => p.ref).join('; ')}`,
        s.summary,
        `Characters: ${s.characters.join(', ')}`,
        `Themes: ${s.themes.join(', ')}`,
      ].join('\n');
      return { data: s, text, attribution: s.attribution };
    },
  );

  define(
    server,
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
      const data = await client.books();
      const text = data.books
        .map((b) => `${b.number}. ${b.name} (${b.abbreviations.join(', ')}): ${b.chapters} chapters`)
        .join('\n');
      // The canon is the service's own list, not a licensed resource: there is no attribution to carry.
      return { data, text, attribution: '' };
    },
  );
}
