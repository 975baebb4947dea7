import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StoryFields } from '../../core/schemas/stories.js';
import { WordBookEntry } from '../../core/schemas/wordbook.js';
import { wordBookText } from '../../core/wordbook-text.js';
import { STORIES, WORDBOOK } from './known-modules.js';
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

export function loadWordBook(dataDir: string): { entries: WordBookEntry[]; rejected: string[] } {
  const path = join(dataDir, 'kjv-wordbook.json');
  const entries: WordBookEntry[] = [];
  const rejected: string[] = [];
  if (!existsSync(path)) return { entries, rejected };
  for (const item of readJsonArray(path)) {
    const parsed = WordBookEntry.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else rejected.push(`${(item as { headword?: string }).headword ?? '?'}: ${parsed.error.issues[0]?.message}`);
  }
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
