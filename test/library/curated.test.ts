import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { canonicalPosition, parseReference, referenceVerses } from '../../src/core/reference/reference.js';
import { StoryFields } from '../../src/core/schemas/stories.js';
import { loadStories, loadStoryKeys, loadWordBook } from '../../src/library/import/curated.js';
import { TEST_LIBRARY } from '../support/env.js';

const DATA = join(process.cwd(), 'data');
const vocabulary = JSON.parse(readFileSync(join(DATA, 'story-vocabulary.json'), 'utf8')) as {
  themes: string[];
  eras: string[];
};

describe('stories in data/', () => {
  const { stories, rejected } = loadStories(DATA);

  it('all validate against the Story schema, at least 120 with at least 35 parables', () => {
    expect(rejected).toEqual([]);
    expect(stories.length).toBeGreaterThanOrEqual(120);
    expect(stories.filter((s) => s.kind === 'parable').length).toBeGreaterThanOrEqual(35);
    for (const s of stories) expect(StoryFields.safeParse(s).success, s.slug).toBe(true);
  });

  it('have unique slugs', () => {
    expect(new Set(stories.map((s) => s.slug)).size).toBe(stories.length);
  });

  it('have passages valid against the canon, the book of the first passage, and the right testament', () => {
    for (const s of stories) {
      const refs = s.passages.map((p) => parseReference(p.ref));
      expect(refs[0]!.book.name, s.slug).toBe(s.book);
      expect(refs[0]!.book.testament, s.slug).toBe(s.testament);
      for (const r of refs) expect(referenceVerses(r).length, `${s.slug} ${r}`).toBeGreaterThan(0);
    }
  });

  it('are ordered by their first passage’s place in the canon, 1..n', () => {
    expect(stories.map((s) => s.order)).toEqual(stories.map((_, i) => i + 1));
    const positions = stories.map((s) => canonicalPosition(parseReference(s.passages[0]!.ref)));
    for (let i = 1; i < positions.length; i++) {
      expect(positions[i]!, `${stories[i - 1]!.slug} before ${stories[i]!.slug}`).toBeGreaterThanOrEqual(
        positions[i - 1]!,
      );
    }
  });

  it('use themes from one list of 30 to 60 and eras from the fixed list', () => {
    expect(vocabulary.themes.length).toBeGreaterThanOrEqual(30);
    expect(vocabulary.themes.length).toBeLessThanOrEqual(60);
    for (const s of stories) {
      expect(s.themes.length, s.slug).toBeGreaterThan(0);
      for (const t of s.themes) expect(vocabulary.themes, `${s.slug}: ${t}`).toContain(t);
      expect(vocabulary.eras, s.slug).toContain(s.era);
      expect(s.hooks.length, s.slug).toBeGreaterThanOrEqual(1);
      expect(s.hooks.length, s.slug).toBeLessThanOrEqual(3);
      const sentences = s.summary.split(/(?<=[.!?]['"’”]?)\s+(?=[A-Z"'“‘])/).length;
      expect(sentences, `${s.slug} summary`).toBeGreaterThanOrEqual(3);
      expect(sentences, `${s.slug} summary`).toBeLessThanOrEqual(6);
    }
  });
});

describe("the stories' key verses in data/story-keys.json", () => {
  const { stories } = loadStories(DATA);
  const { keys, rejected } = loadStoryKeys(DATA, stories);

  it('name one to six verses inside its own passages for every story, and nothing else', () => {
    expect(rejected).toEqual([]);
    expect([...keys.keys()].sort()).toEqual(stories.map((s) => s.slug).sort());
    for (const [slug, refs] of keys) {
      expect(refs.length, slug).toBeGreaterThanOrEqual(1);
      expect(refs.length, slug).toBeLessThanOrEqual(6);
      // A key is a verse or a few: the heart of the story, not a passage of it.
      for (const r of refs) expect(referenceVerses(parseReference(r)).length, `${slug} ${r}`).toBeLessThanOrEqual(3);
    }
  });

  it('leave out and name a key outside its passages, one of no story, one that is no reference, and a seventh', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bible-keys-'));
    const red = stories.find((s) => s.slug === 'crossing-the-red-sea') as StoryFields;
    writeFileSync(
      join(dir, 'story-keys.json'),
      JSON.stringify({
        'crossing-the-red-sea': [
          'Exod 14:21',
          'Exodus 20:1',
          'Exodus 99:1',
          7,
          ...[22, 23, 24, 25, 26, 27].map((v) => `Exodus 14:${v}`),
        ],
        'no-such-story': ['John 3:16'],
      }),
    );
    const loaded = loadStoryKeys(dir, [red]);
    rmSync(dir, { recursive: true });
    // Written as the library writes references, six at most: the seventh is named too.
    const six = ['Exodus 14:21', ...[22, 23, 24, 25, 26].map((v) => `Exodus 14:${v}`)];
    expect(loaded.keys).toEqual(new Map([['crossing-the-red-sea', six]]));
    expect(loaded.rejected).toEqual([
      'story-keys.json: crossing-the-red-sea: Exodus 20:1 is no reference inside its passages',
      'story-keys.json: crossing-the-red-sea: Exodus 99:1 is no reference inside its passages',
      'story-keys.json: crossing-the-red-sea: 7 is no reference inside its passages',
      'story-keys.json: crossing-the-red-sea: Exodus 14:27 is past the 6 key verses a story may name',
      'story-keys.json: no-such-story: no such story',
    ]);
  });

  it('are stored with their story', () => {
    const db = new Database(TEST_LIBRARY, { readonly: true });
    const row = db.prepare('SELECT key_verses FROM stories WHERE slug = ?').get('crossing-the-red-sea') as {
      key_verses: string;
    };
    db.close();
    expect(JSON.parse(row.key_verses)).toEqual(keys.get('crossing-the-red-sea'));
    expect(JSON.parse(row.key_verses)[0]).toMatch(/^Exodus 14:/);
  });
});

describe('the KJV word book in data/', () => {
  const { entries, rejected } = loadWordBook(DATA);

  it('has at least 250 valid entries with unique headwords', () => {
    expect(rejected).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(250);
    expect(new Set(entries.map((e) => e.headword.toLowerCase())).size).toBe(entries.length);
  });

  it('every headword occurs in the KJV text of each of its references (from the library)', () => {
    const db = new Database(TEST_LIBRARY, { readonly: true });
    const verse = db.prepare(
      "SELECT text FROM verses WHERE translation = 'kjv' AND book = ? AND chapter = ? AND verse = ?",
    );
    const misses: string[] = [];
    for (const e of entries) {
      const word = new RegExp(`(^|[^\\p{L}])${e.headword}(?![\\p{L}])`, 'iu');
      for (const ref of e.refs) {
        const r = parseReference(ref);
        const texts = referenceVerses(r).map(
          (p) => (verse.get(r.book.number, p.chapter, p.verse) as { text: string } | undefined)?.text ?? '',
        );
        if (!texts.some((t) => word.test(t))) misses.push(`${e.headword} not in ${ref}: ${texts.join(' ')}`);
      }
    }
    db.close();
    expect(misses).toEqual([]);
  });
});
