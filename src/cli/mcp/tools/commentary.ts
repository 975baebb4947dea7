import { z } from 'zod';
import { CommentaryChapter } from '../../../core/schemas/index.js';
import { emphasis, groupRuns } from '../../commands/commentary.js';
import { usageError } from '../../errors.js';
import { oneReference } from '../../references.js';
import { define, offset, reference, type ToolKit } from '../define.js';
import { MCP_ANSWER_DATA_MAX_CHARS } from '../limits.js';
import { call, PART_MAX_CHARS, type Page, partsOf } from '../page.js';

/** One note of the answer, or a part of a long one: the verses it is on and its words. */
interface Part {
  from: number;
  to: number;
  text: string;
  /** Its place among the parts of its note, when the note is long ("2 of 8"). */
  of?: string;
}

const USAGE = 'commentary takes one chapter (John 3) or one verse (John 3:16)';

async function commentaryOf(kit: ToolKit, reference: string, asked: string | undefined): Promise<CommentaryChapter> {
  const ref = await oneReference([reference], USAGE);
  if (ref.start.chapter !== ref.end.chapter) throw usageError(USAGE);
  const id = await kit.resourceId('commentaries', asked);
  const wholeChapter = ref.start.verse === 1 && ref.end.verse === ref.book.verseCounts[ref.end.chapter - 1];
  if (wholeChapter && ref.start.verse !== ref.end.verse)
    return kit.client.commentaryChapter(id, ref.book.name, ref.start.chapter);
  if (ref.start.verse !== ref.end.verse) throw usageError(USAGE);
  const verse = await kit.client.commentaryVerse(id, ref.book.name, ref.start.chapter, ref.start.verse);
  const { id: vid, book, chapter, attribution } = verse;
  return { id: vid, book, chapter, entries: [{ verse: verse.verse, text: verse.text }], attribution };
}

/** The notes as pages: a note on a run of verses once, a long one in parts; `skip` parts skipped. */
function notesPage(data: CommentaryChapter, skip: number, next: (skipped: number) => string): Page<CommentaryChapter> {
  const all: Part[] = groupRuns(data.entries).flatMap((run) => {
    // The structured content gives a note once for every verse it is on: a note on many verses
    // comes in parts small enough for that (a tenth spare for JSON's escapes and the fields).
    const verses = run.to - run.from + 1;
    const parts = partsOf(run.text, Math.min(PART_MAX_CHARS, Math.floor(MCP_ANSWER_DATA_MAX_CHARS / verses / 1.1)));
    return parts.map((text, i) => ({ ...run, text, of: parts.length > 1 ? `${i + 1} of ${parts.length}` : undefined }));
  });
  const parts = all.slice(skip);
  const title = (p: Part) =>
    `${data.book} ${data.chapter}:${p.from === p.to ? p.from : `${p.from}-${p.to}`} (${data.id}${p.of ? `, part ${p.of}` : ''})`;
  return {
    items: parts.map((p) => `${title(p)}\n${emphasis(p.text, (s) => s)}`),
    gap: '\n\n',
    unit: 'notes',
    data: (shown) => {
      // The parts of one note shown together are that note again, once per verse it is on.
      const notes: Part[] = [];
      for (const p of parts.slice(0, shown)) {
        const last = notes[notes.length - 1];
        if (last && last.from === p.from && last.to === p.to && p.of && !p.of.startsWith('1 ')) last.text += p.text;
        else notes.push({ ...p });
      }
      const entries = notes.flatMap((n) =>
        Array.from({ length: n.to - n.from + 1 }, (_, i) => ({ verse: n.from + i, text: n.text })),
      );
      return { ...data, entries };
    },
    next: (shown) => (parts[shown] ? next(skip + shown) : undefined),
    attribution: data.attribution,
  };
}

/** A commentary's notes on a verse or a chapter. */
export function commentaryTool(kit: ToolKit): void {
  define(
    kit,
    'commentary',
    {
      title: 'Bible commentary',
      description:
        "A classic commentary's notes on a verse or a whole chapter: Matthew Henry's Concise (mhcc), " +
        "Scofield (scofield), Spurgeon's Treasury of David on the Psalms (tdavid). A long answer comes in parts: " +
        'it says how to ask for the next. ' +
        'Example: {"reference": "John 3:16", "commentary": "mhcc"}; a chapter: {"reference": "Psalms 23"}.',
      input: {
        reference: reference('John 3:16'),
        commentary: z
          .string()
          .optional()
          .describe(
            'A commentary id from the catalog: mhcc, scofield, tdavid (default: the configured one, else the first)',
          ),
        offset: offset('Notes (or parts of a long note)'),
      },
      output: CommentaryChapter,
    },
    async (args) => {
      const data = await commentaryOf(kit, args.reference, args.commentary);
      const skip = args.offset ?? 0;
      const page = notesPage(data, skip, (skipped) =>
        call('commentary', { reference: args.reference, commentary: data.id, offset: skipped }),
      );
      if (!page.items.length)
        page.head = `No notes on ${args.reference} in ${data.id}${skip ? ` after the first ${skip}` : ''}`;
      return page;
    },
  );
}
