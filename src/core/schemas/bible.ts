import { z } from 'zod';

const PositiveInt = z.number().int().min(1);

/** The highest book number: 1-66 the contract's books, 67-90 the deuterocanon and apocrypha (an extension). */
const LAST_BOOK = 90;

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

export { INCLUDE_VALUES, type IncludeValue } from '../limits.js';

export const VerseWord = z
  .object({
    text: z.string().meta({ description: 'The words as they read in the verse text' }),
    strongs: z.array(z.string()).meta({ description: "Strong's numbers (G25, H430); empty when untagged" }),
    morph: z.array(z.string()).optional().meta({ description: 'Morphology codes, where the module gives them' }),
    red: z.boolean().optional().meta({ description: 'true inside the words of Christ' }),
    added: z.boolean().optional().meta({ description: "true for words the translators supplied (the KJV's italics)" }),
    title: z
      .boolean()
      .optional()
      .meta({ description: "true for the words of the verse's title, which come first and are not in text" }),
  })
  .meta({ id: 'VerseWord' });
export type VerseWord = z.infer<typeof VerseWord>;

export const VerseNote = z
  .object({
    at: z.number().int().min(0).meta({ description: "The marker's character offset in text" }),
    kind: z.enum(['foot', 'crossReference']),
    text: z.string(),
  })
  .meta({ id: 'VerseNote' });
export type VerseNote = z.infer<typeof VerseNote>;

/** Character ranges of a verse's text. */
const TextRanges = z.array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }));

/** A verse's canonical title: an extension field of every answer that gives a verse's text. */
export const VerseTitle = z.string().optional().meta({
  description:
    'Extension: the verse\'s canonical title, printed before it and part of it (a psalm\'s "A Psalm of David, Maschil."); absent when it has none',
});

/** The optional fields `include=words,red,added,headings,notes,bookName` adds to a verse, and its title. */
export const StudyFields = {
  title: VerseTitle,
  words: z.array(VerseWord).optional().meta({ description: "Extension (include=words): the verse's words in order" }),
  red: TextRanges.optional().meta({
    description: 'Extension (include=red): character ranges of text that are the words of Christ',
  }),
  added: TextRanges.optional().meta({
    description: "Extension (include=added): character ranges of text the translators supplied (the KJV's italics)",
  }),
  titleAdded: TextRanges.optional().meta({
    description:
      'Extension (include=added): character ranges of the title the translators supplied, on a verse with a title',
  }),
  headings: z
    .array(z.string())
    .optional()
    .meta({ description: 'Extension (include=headings): titles before the verse' }),
  notes: z.array(VerseNote).optional().meta({ description: "Extension (include=notes): the translators' notes" }),
  bookName: z.string().optional().meta({
    description:
      "Extension (include=bookName): the book's name in the translation's language (\"Juan\" in the RV1909; the canon's English name in an English translation)",
  }),
};
export type StudyFields = z.infer<z.ZodObject<typeof StudyFields>>;

export const Verse = z.object({ v: PositiveInt, text: z.string(), ...StudyFields });
export type Verse = z.infer<typeof Verse>;

export const Chapter = z
  .object({
    translation: z.string(),
    book: z.object({
      number: z
        .number()
        .int()
        .min(1)
        .max(LAST_BOOK)
        .meta({ description: '1-66; extension: 67-90 a book of the deuterocanon or apocrypha' }),
      name: z.string(),
    }),
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
  ...StudyFields,
  at: z.object({ chapter: PositiveInt, v: PositiveInt }).optional().meta({
    description:
      "Extension (numbering=…): where the verse falls in the numbering asked for, by libsword's versification mapping",
  }),
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

/** A book as one translation holds it: its chapters and verses by the translation's own numbering. */
export const HeldBook = z.object({
  number: z.number().int().min(1).max(LAST_BOOK),
  name: z.string(),
  osis: z.string().meta({ description: 'OSIS id (Gen, Sir, 1Macc)' }),
  abbreviations: z.array(z.string()),
  chapters: PositiveInt,
  verseCounts: z
    .array(z.number().int().min(0))
    .meta({ description: "The translation's verses per chapter; 0 for a chapter it lacks" }),
  deuterocanon: z.boolean().optional().meta({ description: 'true for a book of the deuterocanon or apocrypha' }),
});
export type HeldBook = z.infer<typeof HeldBook>;

export const TranslationBooks = z
  .object({
    translation: z.string(),
    versification: z.string().optional().meta({ description: "The module's versification (libsword's name)" }),
    books: z.array(HeldBook),
    attribution: z.string(),
  })
  .meta({ id: 'TranslationBooks' });
export type TranslationBooks = z.infer<typeof TranslationBooks>;
