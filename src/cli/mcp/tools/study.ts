import { z } from 'zod';
import { CrossRefs, MergedTopic, StrongsSearchResult } from '../../../core/schemas/index.js';
import { usageError } from '../../errors.js';
import { oneReference } from '../../references.js';
import { define, offset, reference, type ToolKit } from '../define.js';
import { MCP_ANSWER_TEXT_MAX_CHARS } from '../limits.js';
import { call, PART_MAX_CHARS, type Page } from '../page.js';

/** The lexicon, the topical works and the cross-references. */
export function strongsTool(kit: ToolKit): void {
  define(
    kit,
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
        offset: offset('With search: entries'),
      },
      output: StrongsSearchResult,
    },
    async (args) => {
      if (!args.number === !args.search) throw usageError('strongs takes either number or search');
      const data = args.number
        ? await kit.client
            .strongs(args.number.toUpperCase())
            .then((e) => ({ results: [e], attribution: e.attribution }))
        : await kit.client.strongsSearch(args.search as string, args.lexicon);
      const from = args.offset ?? 0;
      const results = data.results.slice(from);
      return {
        head: results.length
          ? undefined
          : `No ${from ? `entry after the first ${from}` : 'entry'} matches ${args.search}`,
        items: results.map((e) => `${e.number} ${e.lemma} (${e.transliteration}) ${e.gloss}\n${e.definition}`),
        gap: '\n\n',
        unit: 'entries',
        data: (shown) => ({ ...data, results: results.slice(0, shown) }),
        next: (shown) => (shown < results.length ? call('strongs', { ...args, offset: from + shown }) : undefined),
        attribution: data.attribution,
      };
    },
  );
}

/** Where an item of a topic's page comes from: its work, its section, and the section's refs it lists. */
interface SectionPart {
  source: number;
  section: number;
  refs: [number, number];
}

/** A list cut into parts of whole items, each at most PART_MAX_CHARS when joined by "; ": [from, to) each. */
function listParts(list: readonly string[]): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  let from = 0;
  let length = 0;
  for (const [i, item] of list.entries()) {
    if (length && length + item.length > PART_MAX_CHARS) {
      parts.push([from, i]);
      from = i;
      length = 0;
    }
    length += item.length + 2;
  }
  parts.push([from, list.length]);
  return parts;
}

/** A topic's sections in every work as a page; a section with very many references in parts. */
function topicPage(data: MergedTopic, skip: number, next: (skipped: number) => string): Page<MergedTopic> {
  const items: string[] = [];
  const at: SectionPart[] = [];
  for (const [s, src] of data.sources.entries())
    for (const [n, sec] of src.sections.entries()) {
      const see = sec.see.length ? ` (see also ${sec.see.join(', ')})` : '';
      for (const [first, last] of listParts(sec.refs.map((r) => r.ref))) {
        const refs = sec.refs
          .slice(first, last)
          .map((r) => r.ref)
          .join('; ');
        items.push(`${sec.heading ? `${sec.heading}: ` : ''}${refs}${last === sec.refs.length ? see : ''}`);
        at.push({ source: s, section: n, refs: [first, last] });
      }
    }
  // Each work under its own name, as `bible topic` prints it: its sections are no part of the other's.
  const shownItems = items.slice(skip).map((item, i) => {
    const a = at[skip + i] as SectionPart;
    const prev = at[skip + i - 1];
    const name = `${data.headword} (${data.sources[a.source]?.id})`;
    return i === 0 || prev?.source !== a.source ? `${i ? '\n' : ''}${name}\n${item}` : item;
  });
  const total = items.join('\n').length;
  const counts = data.sources.map((s) => `${s.id} ${s.sections.length}`).join(', ');
  return {
    head: !shownItems.length
      ? `${data.headword}: no sections after the first ${skip} (of ${items.length})`
      : total > MCP_ANSWER_TEXT_MAX_CHARS
        ? `${data.headword}: ${items.length} sections in ${data.sources.length} works (${counts}); ${skip ? `after the first ${skip}:` : 'the first of them:'}`
        : undefined,
    items: shownItems,
    unit: 'sections',
    data: (shown) => {
      const sources = data.sources.map((src) => ({
        ...src,
        sections: [] as MergedTopic['sources'][number]['sections'],
      }));
      for (const a of at.slice(skip, skip + shown)) {
        const sec = data.sources[a.source]?.sections[a.section];
        const into = sources[a.source]?.sections;
        if (!sec || !into) continue;
        into.push({ ...sec, refs: sec.refs.slice(...a.refs), see: a.refs[1] === sec.refs.length ? sec.see : [] });
      }
      return { ...data, sources: sources.filter((s) => s.sections.length) };
    },
    next: (shown) => (skip + shown < items.length ? next(skip + shown) : undefined),
    attribution: data.sources.map((s) => s.attribution).join('\n'),
  };
}

export function topicTool(kit: ToolKit): void {
  define(
    kit,
    'topic',
    {
      title: 'Topical Bible',
      description:
        "A topic's entries in every topical work (Nave's Topical Bible; Everyday Topics, the key verses on a subject in today's words): " +
        'headings with the verses on each, each work under its own name, ' +
        'to gather what Scripture says on a subject. A long topic comes a page of sections at a time, saying how to ask for the next. ' +
        'Example: {"topic": "faith"}. A subject with no entry (NOT_FOUND) may still be found by find, in your own words.',
      input: {
        topic: z.string().min(1).max(100).describe('A topic headword, like faith, prayer or Abraham'),
        offset: offset('Sections'),
      },
      output: MergedTopic,
    },
    async (args) => {
      const data = await kit.client.topicMerged(args.topic);
      return topicPage(data, args.offset ?? 0, (skipped) => call('topic', { topic: args.topic, offset: skipped }));
    },
  );
}

export function crossrefsTool(kit: ToolKit): void {
  define(
    kit,
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
      const data = await kit.client.crossrefs(ref.book.name, ref.start.chapter, ref.start.verse);
      return {
        head: `Cross-references of ${data.book} ${data.chapter}:${data.verse}`,
        items: [data.refs.join('; ') || '(none)'],
        unit: 'lists',
        data: () => data,
        next: () => undefined,
        attribution: data.attribution,
      };
    },
  );
}
