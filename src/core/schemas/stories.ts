import { z } from 'zod';
import { SLUG_PATTERN, STORIES_LIMIT_DEFAULT, STORIES_LIMIT_MAX } from '../limits.js';
import { ReferenceText } from './references.js';

export { SLUG_PATTERN, STORIES_LIMIT_DEFAULT, STORIES_LIMIT_MAX };

export const StorySlug = z.string().regex(SLUG_PATTERN);
export const StoryKind = z.enum(['narrative', 'parable']);
export const TestamentId = z.enum(['OT', 'NT']);

/** A story passage: a reference in the contract's grammar, checked against real chapter and verse counts. */
export const StoryPassage = z.object({ ref: ReferenceText });

export const STORY_HOOKS_MIN = 1;
export const STORY_HOOKS_MAX = 3;

/** A story as authored in data/: every field but the attribution, which the library adds. */
export const StoryFields = z.object({
  slug: StorySlug,
  title: z.string().min(1),
  kind: StoryKind,
  testament: TestamentId,
  book: z.string().min(1),
  passages: z.array(StoryPassage).min(1),
  characters: z.array(z.string().min(1)),
  themes: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'themes are lowercase tags')),
  hooks: z.array(z.string().min(1)).min(STORY_HOOKS_MIN).max(STORY_HOOKS_MAX),
  summary: z.string().min(1),
  era: z.string().min(1),
  order: z.number().int().min(0),
});
export type StoryFields = z.infer<typeof StoryFields>;

export const Story = StoryFields.extend({ attribution: z.string() }).meta({ id: 'Story' });
export type Story = z.infer<typeof Story>;

export const StoryList = z
  .object({
    stories: z.array(Story).max(STORIES_LIMIT_MAX),
    total: z.number().int().min(0).meta({ description: 'Number of stories matching the filters, before `limit`' }),
    offset: z.number().int().min(0).optional().meta({
      description: 'Extension: the `offset` the request gave (stories skipped), present only when it gave one',
      'x-extension': true,
    }),
    attribution: z.string(),
  })
  .meta({ id: 'StoryList' });
export type StoryList = z.infer<typeof StoryList>;
