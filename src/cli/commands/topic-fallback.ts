import type { BibleClient } from '../../client/client.js';
import { BibleApiError } from '../../client/errors.js';
import type { MergedTopic, TopicEntry } from '../../core/schemas/topics.js';

/** The work that names subjects in everyday words (worry, depression) where Nave's has older ones. */
const EVERYDAY = 'everyday-topics';

/**
 * `bible topic worry`: where no topical work has the headword, the Everyday Topics entry whose
 * headword holds the word ("Anxiety and worry"), the shortest of them: the subject, not one of its
 * named passages ("Do not worry about what you will eat or wear"). Undefined where there is none.
 */
export async function everydayEntry(client: BibleClient, word: string): Promise<TopicEntry | undefined> {
  const catalog = await client.catalog().catch(() => undefined);
  if (!catalog?.topics.some((t) => t.id === EVERYDAY)) return undefined;
  const hits = await client.topicSearch(EVERYDAY, word).catch(() => undefined);
  const wanted = word.trim().toLowerCase();
  const named = (hits?.results ?? [])
    .filter((h) =>
      h.headword
        .toLowerCase()
        .split(/[^\p{L}']+/u)
        .includes(wanted),
    )
    .sort((a, b) => a.headword.length - b.headword.length);
  const best = named[0];
  return best ? client.topicEntry(EVERYDAY, best.slug) : undefined;
}

/**
 * Where every work's entry is only a cross-reference to one other headword (Nave's ANXIETY: "See
 * also CARE"), that headword, to be followed as a reader would turn the page.
 */
export function loneSeeAlso(topic: MergedTopic): string | undefined {
  const sections = topic.sources.flatMap((s) => s.sections);
  if (sections.some((s) => s.refs.length)) return undefined;
  const targets = new Set(sections.flatMap((s) => s.see));
  const [only] = targets;
  return targets.size === 1 && only && only.toLowerCase() !== topic.headword.toLowerCase() ? only : undefined;
}

/** Whether an error is the service's NOT_FOUND. */
export function isNotFound(err: unknown): boolean {
  return err instanceof BibleApiError && err.code === 'NOT_FOUND';
}
