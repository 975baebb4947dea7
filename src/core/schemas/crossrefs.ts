import { z } from 'zod';

export const CrossRefs = z
  .object({
    book: z.string(),
    chapter: z.number().int().min(1),
    verse: z.number().int().min(1),
    refs: z.array(z.string()).meta({ description: 'Each a reference in the form Book chapter:verse' }),
    attribution: z.string(),
  })
  .meta({ id: 'CrossRefs' });
export type CrossRefs = z.infer<typeof CrossRefs>;
