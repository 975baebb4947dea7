import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZodType } from 'zod';
import { formatReference, parseReference, type Reference } from '../../core/reference/reference.js';
import { EverydayTopic } from '../../core/schemas/everyday-topics.js';
import { StoryFields } from '../../core/schemas/stories.js';
import { WordBookEntry } from '../../core/schemas/wordbook.js';
import { wordBookText } from '../../core/wordbook-text.js';
import { topicRefOf } from '../markup/tei.js';
import { EVERYDAY_TOPICS, STORIES, WORDBOOK } from './known-modules.js';
import { slugify } from './sword-dictionaries.js';
import type { LibraryWriter } from './writer.js';

export interface CuratedImport {
  count: number;
  /** Items that failed validation, with why; they are left out. */
  rejected: string[];
}

function readJsonArray(path: string): unknown[] {
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(value)) throw new Error(`${path}: expected a JSON array`);
  return value;
}

/** Story files in data/stories/*.json, validated against the Story schema, in reading order. */
export function loadStories(dataDir: string): { stories: StoryFields[]; rejected: string[] } {
  const dir = join(dataDir, 'stories');
  const stories: StoryFields[] = [];
  const rejected: string[] = [];
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const file of files) {
    for (const item of readJsonArray(join(dir, file))) {
      const parsed = StoryFields.safeParse(item);
      if (parsed.success) stories.push(parsed.data);
      else rejected.push(`${file}: ${(item as { slug?: string }).slug ?? '?'}: ${parsed.error.issues[0]?.message}`);
    }
  }
  stories.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  return { stories, rejected };
}

/**
 * The items of a JSON array file of our own content that the schema accepts, and why each other
 * one was rejected (named by `name`); none when the file is absent.
 */
function loadValidated<T>(
  path: string,
  schema: ZodType<T>,
  name: (item: unknown) => string,
): { items: T[]; rejected: string[] } {
  return existsSync(path) ? validatedItems(readJsonArray(path), schema, name) : { items: [], rejected: [] };
}

/** The items the schema accepts, and why each other one was rejected (named by `name`). */
export function validatedItems<T>(
  all: readonly unknown[],
  schema: ZodType<T>,
  name: (item: unknown) => string,
): { items: T[]; rejected: string[] } {
  const items: T[] = [];
  const rejected: string[] = [];
  for (const item of all) {
    const parsed = schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else rejected.push(`${name(item)}: ${parsed.error.issues[0]?.message}`);
  }
  return { items, rejected };
}

export function loadWordBook(dataDir: string): { entries: WordBookEntry[]; rejected: string[] } {
  const { items: entries, rejected } = loadValidated(
    join(dataDir, 'kjv-wordbook.json'),
    WordBookEntry,
    (item) => (item as { headword?: string }).headword ?? '?',
  );
  entries.sort((a, b) => a.headword.localeCompare(b.headword, 'en', { sensitivity: 'base' }));
  return { entries, rejected };
}

/** The most key verses one story may name (a story told in several gospels names each telling's). */
const STORY_KEYS_MAX = 6;

/** Whether a reference lies wholly inside another (same book, its first and last verse within). */
function within(inner: Reference, outer: Reference): boolean {
  const at = (p: Reference['start']) => p.chapter * 1000 + p.verse;
  return (
    inner.book.number === outer.book.number && at(inner.start) >= at(outer.start) && at(inner.end) <= at(outer.end)
  );
}

/**
 * The stories' key verses (data/story-keys.json: slug → references, the heart of each story,
 * most central first), each kept only where it is a reference inside one of its story's own
 * passages; what is left out is named in `rejected`. None when the file is absent.
 */
export function loadStoryKeys(
  dataDir: string,
  stories: readonly StoryFields[],
): { keys: Map<string, string[]>; rejected: string[] } {
  const path = join(dataDir, 'story-keys.json');
  const keys = new Map<string, string[]>();
  const rejected: string[] = [];
  if (!existsSync(path)) return { keys, rejected };
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${path}: expected a JSON object of slug → references`);
  const bySlug = new Map(stories.map((s) => [s.slug, s]));
  for (const [slug, refs] of Object.entries(value)) {
    const story = bySlug.get(slug);
    if (!story) {
      rejected.push(`story-keys.json: ${slug}: no such story`);
      continue;
    }
    if (!Array.isArray(refs)) {
      rejected.push(`story-keys.json: ${slug}: expected an array of references`);
      continue;
    }
    const passages = story.passages.map((p) => parseReference(p.ref));
    const kept: string[] = [];
    for (const ref of refs) {
      const parsed = typeof ref === 'string' ? tryParse(ref) : undefined;
      if (!parsed || !passages.some((p) => within(parsed, p)))
        rejected.push(`story-keys.json: ${slug}: ${String(ref)} is no reference inside its passages`);
      else if (kept.length >= STORY_KEYS_MAX)
        rejected.push(`story-keys.json: ${slug}: ${ref} is past the ${STORY_KEYS_MAX} key verses a story may name`);
      // As the library writes references ("Gen 1:27" is Genesis 1:27).
      else kept.push(formatReference(parsed));
    }
    keys.set(slug, kept);
  }
  return { keys, rejected };
}

function tryParse(ref: string): Reference | undefined {
  try {
    return parseReference(ref);
  } catch {
    return undefined;
  }
}

export function importStories(writer: LibraryWriter, dataDir: string): CuratedImport {
  const { stories, rejected } = loadStories(dataDir);
  const { keys, rejected: keysRejected } = loadStoryKeys(dataDir, stories);
  rejected.push(...keysRejected);
  const seen = new Set<string>();
  writer.transaction(() => {
    for (const story of stories) {
      if (seen.has(story.slug)) {
        rejected.push(`${story.slug}: duplicate slug`);
        continue;
      }
      seen.add(story.slug);
      writer.story(story, keys.get(story.slug));
    }
  });
  writer.resource({ ...STORIES, kind: 'stories', source: 'data/stories' }, seen.size);
  return { count: seen.size, rejected };
}

export function importWordBook(writer: LibraryWriter, dataDir: string): CuratedImport {
  const { entries, rejected } = loadWordBook(dataDir);
  writer.transaction(() => {
    for (const [idx, e] of entries.entries()) writer.dictionaryEntry(WORDBOOK.id, idx, e.headword, wordBookText(e));
  });
  writer.resource({ ...WORDBOOK, kind: 'dictionary', source: 'data/kjv-wordbook.json' }, entries.length);
  return { count: entries.length, rejected };
}

/**
 * The files of Everyday Topics (in data/everyday-topics/), in the order they are read: the
 * subjects people ask about ("Anxiety and worry"), the passages they know by a name ("The
 * Beatitudes", "The thief on the cross"), and the best-known verses as they recall them, with the
 * words of their modern renderings ("plans", "prosper" for Jeremiah 29:11).
 */
export const EVERYDAY_TOPICS_FILES = ['subjects.json', 'named-passages.json', 'famous-verses.json'] as const;

/** Everyday Topics (data/everyday-topics/*.json), validated, in the files' order. */
export function loadEverydayTopics(dataDir: string): { topics: EverydayTopic[]; rejected: string[] } {
  const topics: EverydayTopic[] = [];
  const rejected: string[] = [];
  for (const file of EVERYDAY_TOPICS_FILES) {
    const loaded = loadValidated(
      join(dataDir, 'everyday-topics', file),
      EverydayTopic,
      (item) => `${file}: ${(item as { topic?: string }).topic ?? '?'}`,
    );
    topics.push(...loaded.items);
    rejected.push(...loaded.rejected);
  }
  return { topics, rejected };
}

/**
 * Everyday Topics as a topical work: each subject an entry of one section, its key verses, and
 * the everyday words that name it (topic_words), which `bible find` reads.
 */
export function importEverydayTopics(writer: LibraryWriter, dataDir: string): CuratedImport {
  const { topics, rejected } = loadEverydayTopics(dataDir);
  const seen = new Set<string>();
  writer.transaction(() => {
    for (const t of topics) {
      const slug = slugify(t.topic);
      if (seen.has(slug)) {
        rejected.push(`${t.topic}: duplicate topic`);
        continue;
      }
      seen.add(slug);
      const refs = t.verses.map((v) => topicRefOf(parseReference(v)));
      const text = `${t.topic}\n${refs.map((r) => r.ref).join('; ')}`;
      writer.topic(EVERYDAY_TOPICS.id, slug, t.topic, [{ heading: 'Key verses', refs, see: [] }], text);
      for (const word of new Set(t.words)) writer.topicWord(EVERYDAY_TOPICS.id, word, slug);
    }
  });
  writer.resource({ ...EVERYDAY_TOPICS, kind: 'topics', source: 'data/everyday-topics' }, seen.size);
  return { count: seen.size, rejected };
}
