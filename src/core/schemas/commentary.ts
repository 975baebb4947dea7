import { z } from 'zod';

const PositiveInt = z.number().int().min(1);

export const CommentaryVerse = z
  .object({
    id: z.string(),
    book: z.string(),
    chapter: PositiveInt,
    verse: PositiveInt,
    text: z.string(),
    attribution: z.string(),
  })
  .meta({ id: 'CommentaryVerse' });
export type CommentaryVerse = z.infer<typeof CommentaryVerse>;

export const CommentaryChapter = z
  .object({
    id: z.string(),
    book: z.string(),
    chapter: PositiveInt,
    entries: z.array(z.object({ verse: PositiveInt, text: z.string() })),
    attribution: z.string(),
  })
  .meta({ id: 'CommentaryChapter' });
export type CommentaryChapter = z.infer<typeof CommentaryChapter>;
