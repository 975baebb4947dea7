import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZodType } from 'zod';
import { parseReference } from '../../core/reference/reference.js';
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
  const items: T[] = [];
  const rejected: string[] = [];
  if (!existsSync(path)) return { items, rejected };
  for (const item of readJsonArray(path)) {
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

export function importStories(writer: LibraryWriter, dataDir: string): CuratedImport {
  const { stories, rejected } = loadStories(dataDir);
  const seen = new Set<string>();
  writer.transaction(() => {
    for (const story of stories) {
      if (seen.has(story.slug)) {
        rejected.push(`${story.slug}: duplicate slug`);
        continue;
      }
      seen.add(story.slug);
      writer.story(story);
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

/** Everyday Topics (data/modern-topics.json), validated, in the file's order. */
export function loadEverydayTopics(dataDir: string): { topics: EverydayTopic[]; rejected: string[] } {
  const { items: topics, rejected } = loadValidated(
    join(dataDir, 'modern-topics.json'),
    EverydayTopic,
    (item) => (item as { topic?: string }).topic ?? '?',
  );
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
  writer.resource({ ...EVERYDAY_TOPICS, kind: 'topics', source: 'data/modern-topics.json' }, seen.size);
  return { count: seen.size, rejected };
}
