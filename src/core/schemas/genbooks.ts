import { z } from 'zod';
import { GENBOOK_CHILDREN_MAX, GENBOOK_CONTENTS_LIMIT_MAX } from '../limits.js';

/** A general book (RawGenBook: Josephus, the Church Fathers, Pilgrim's Progress…) in the list. */
export const GenBookItem = z
  .object({
    id: z.string(),
    name: z.string(),
    sections: z.number().int().min(0).meta({ description: 'Sections in its tree, those that only hold others too' }),
    attribution: z.string(),
  })
  .meta({ id: 'GenBookItem' });
export type GenBookItem = z.infer<typeof GenBookItem>;

export const GenBookList = z.object({ genbooks: z.array(GenBookItem) }).meta({ id: 'GenBookList' });
export type GenBookList = z.infer<typeof GenBookList>;

/** A section named by its key and its last name, as a link from another. */
export const GenBookLink = z
  .object({
    key: z.string().meta({ description: 'The tree key, names after each /: "/Part One/Chapter 1"' }),
    name: z.string(),
  })
  .meta({ id: 'GenBookLink' });
export type GenBookLink = z.infer<typeof GenBookLink>;

/** A section in a contents listing. */
export const GenBookEntry = GenBookLink.extend({
  depth: z.number().int().min(1).meta({ description: '1 for a top section of the book' }),
  children: z.number().int().min(0).meta({ description: 'Sections it holds directly' }),
  chars: z.number().int().min(0).meta({ description: 'Length of its own text (0: it only holds others)' }),
}).meta({ id: 'GenBookEntry' });
export type GenBookEntry = z.infer<typeof GenBookEntry>;

export const GenBookContents = z
  .object({
    id: z.string(),
    name: z.string(),
    key: z.string().meta({ description: 'The section whose sections are listed; "/" for the whole book' }),
    sections: z.array(GenBookEntry).max(GENBOOK_CONTENTS_LIMIT_MAX),
    total: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Sections under the key (within depth), before offset and limit' }),
    offset: z.number().int().min(0),
    attribution: z.string(),
  })
  .meta({ id: 'GenBookContents' });
export type GenBookContents = z.infer<typeof GenBookContents>;

export const GenBookSection = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    path: z.array(z.string()).meta({ description: 'The names from the top section down to this one' }),
    text: z.string().meta({ description: "The section's own text, plain (empty when it only holds others)" }),
    parent: GenBookLink.nullable().meta({ description: 'null for a top section' }),
    children: z.array(GenBookLink).max(GENBOOK_CHILDREN_MAX),
    childCount: z.number().int().min(0),
    previous: GenBookLink.nullable().meta({ description: "The section before it in the book's order" }),
    next: GenBookLink.nullable().meta({ description: "The section after it in the book's order" }),
    attribution: z.string(),
  })
  .meta({ id: 'GenBookSection' });
export type GenBookSection = z.infer<typeof GenBookSection>;
