import { z } from 'zod';

const PositiveInt = z.number().int().min(1);

export const Book = z
  .object({
    number: z.number().int().min(1).max(66),
    name: z.string(),
    abbreviations: z.array(z.string()),
    chapters: PositiveInt,
    verseCounts: z.array(PositiveInt).meta({ description: 'Verses per chapter; index 0 is chapter 1.' }),
  })
  .meta({ id: 'Book' });
export type Book = z.infer<typeof Book>;

export const BookList = z.object({ books: z.array(Book).length(66) }).meta({ id: 'BookList' });
export type BookList = z.infer<typeof BookList>;

export const Verse = z.object({ v: PositiveInt, text: z.string() });
export type Verse = z.infer<typeof Verse>;

export const Chapter = z
  .object({
    translation: z.string(),
    book: z.object({ number: z.number().int().min(1).max(66), name: z.string() }),
    chapter: PositiveInt,
    verses: z.array(Verse),
    attribution: z.string(),
  })
  .meta({ id: 'Chapter' });
export type Chapter = z.infer<typeof Chapter>;

export const PassageVerse = z.object({
  book: z.string().meta({ description: 'Book name' }),
  chapter: PositiveInt,
  v: PositiveInt,
  text: z.string(),
});
export type PassageVerse = z.infer<typeof PassageVerse>;

export const Passage = z.object({
  ref: z.string().meta({ description: 'The reference text as it was asked for' }),
  verses: z.array(PassageVerse),
});
export type Passage = z.infer<typeof Passage>;

export const PassageResult = z
  .object({ translation: z.string(), passages: z.array(Passage), attribution: z.string() })
  .meta({ id: 'PassageResult' });
export type PassageResult = z.infer<typeof PassageResult>;
