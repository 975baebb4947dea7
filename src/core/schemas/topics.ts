import { z } from 'zod';
import { SEARCH_RESULTS_MAX } from './dictionary.js';

export const TopicHit = z.object({ slug: z.string(), headword: z.string() }).meta({ id: 'TopicHit' });
export type TopicHit = z.infer<typeof TopicHit>;

export const TopicRef = z
  .object({
    ref: z.string(),
    bookNum: z.number().int().min(1).max(66),
    ch: z.number().int().min(1),
    v: z.number().int().min(1),
    vEnd: z.number().int().min(1).nullable().meta({ description: 'null when the reference is a single verse' }),
  })
  .meta({ id: 'TopicRef' });
export type TopicRef = z.infer<typeof TopicRef>;

export const TopicSection = z
  .object({
    heading: z.string(),
    refs: z.array(TopicRef),
    see: z.array(z.string()).meta({ description: 'Headwords of related topics; may be empty' }),
  })
  .meta({ id: 'TopicSection' });
export type TopicSection = z.infer<typeof TopicSection>;

export const TopicEntry = z
  .object({
    id: z.string(),
    slug: z.string(),
    headword: z.string(),
    sections: z.array(TopicSection),
    attribution: z.string(),
  })
  .meta({ id: 'TopicEntry' });
export type TopicEntry = z.infer<typeof TopicEntry>;

export const MergedTopic = z
  .object({
    headword: z.string(),
    sources: z.array(
      z.object({ id: z.string(), slug: z.string(), sections: z.array(TopicSection), attribution: z.string() }),
    ),
  })
  .meta({ id: 'MergedTopic' });
export type MergedTopic = z.infer<typeof MergedTopic>;

export const TopicSearchResult = z
  .object({ results: z.array(TopicHit).max(SEARCH_RESULTS_MAX), attribution: z.string() })
  .meta({ id: 'TopicSearchResult' });
export type TopicSearchResult = z.infer<typeof TopicSearchResult>;

export const TopicBrowseResult = z
  .object({ letter: z.string(), entries: z.array(TopicHit), attribution: z.string() })
  .meta({ id: 'TopicBrowseResult' });
export type TopicBrowseResult = z.infer<typeof TopicBrowseResult>;
