import { z } from 'zod';
import { STORIES_LIMIT_DEFAULT, STORIES_LIMIT_MAX } from '../../../core/limits.js';
import { Story, StoryKind, StoryList, TestamentId } from '../../../core/schemas/index.js';
import { define, limit, offset, type ToolKit } from '../define.js';
import { call } from '../page.js';

/** The curated stories and parables. */
export function storiesTool(kit: ToolKit): void {
  define(
    kit,
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
        limit: limit(STORIES_LIMIT_MAX, STORIES_LIMIT_DEFAULT),
        offset: offset('Stories'),
      },
      output: StoryList,
    },
    async (args) => {
      const from = args.offset ?? 0;
      const filters = { q: args.search, theme: args.theme, testament: args.testament, kind: args.kind };
      const limit = args.limit ?? STORIES_LIMIT_DEFAULT;
      let data = await kit.client.stories({ ...filters, limit, offset: from });
      let stories = data.stories;
      if (data.offset !== from) {
        // A service without the `offset` extension: the first `offset + limit` (at most
        // STORIES_LIMIT_MAX), from `offset` on.
        data = await kit.client.stories({ ...filters, limit: Math.min(from + limit, STORIES_LIMIT_MAX) });
        stories = data.stories.slice(from);
      }
      return {
        head: `${data.total} stor${data.total === 1 ? 'y' : 'ies'}`,
        items: stories.map((s) => `${s.slug}: ${s.title} (${s.passages.map((p) => p.ref).join('; ')})`),
        unit: 'stories',
        data: (shown) => ({ ...data, stories: stories.slice(0, shown) }),
        next: (shown) => (shown < stories.length ? call('stories', { ...args, offset: from + shown }) : undefined),
        attribution: data.attribution,
      };
    },
  );
}

export function storyTool(kit: ToolKit): void {
  define(
    kit,
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
      const s = await kit.client.story(args.slug);
      return {
        items: [
          [
            `${s.title} (${s.kind}, ${s.testament}, ${s.era})`,
            `Passages: ${s.passages.map((p) => p.ref).join('; ')}`,
            s.summary,
            `Characters: ${s.characters.join(', ')}`,
            `Themes: ${s.themes.join(', ')}`,
          ].join('\n'),
        ],
        unit: 'stories',
        data: () => s,
        next: () => undefined,
        attribution: s.attribution,
      };
    },
  );
}
