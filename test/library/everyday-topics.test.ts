import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentWords } from '../../src/find/question.js';
import { loadEverydayTopics } from '../../src/library/import/curated.js';
import { useTestStore } from '../support/test-store.js';

const readJson = (file: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'data', 'everyday-topics', file), 'utf8')) as Array<{
    topic: string;
    words: string[];
    verses: string[];
  }>;

describe("Everyday Topics (data/everyday-topics/), our own topical index in today's words", () => {
  const store = useTestStore();

  it('is valid throughout: every subject, named passage, famous verse, word and reference', () => {
    const { topics, rejected } = loadEverydayTopics(join(process.cwd(), 'data'));
    expect(rejected).toEqual([]);
    expect(new Set(topics.map((t) => t.topic.toLowerCase())).size).toBe(topics.length);
    const subjects = readJson('subjects.json');
    const named = readJson('named-passages.json');
    const famous = readJson('famous-verses.json');
    expect(topics.length).toBe(subjects.length + named.length + famous.length);
    expect(subjects.length).toBeGreaterThanOrEqual(400);
    expect(named.length).toBeGreaterThanOrEqual(600);
    expect(famous.length).toBeGreaterThanOrEqual(1000);
    // A famous verse is one verse, with its neighbour or parallels at most, named by two words or more.
    for (const t of famous) {
      expect(t.words.length, t.topic).toBeGreaterThanOrEqual(2);
      expect(t.verses.length, t.topic).toBeLessThanOrEqual(4);
      for (const v of t.verses) expect(v, t.topic).toMatch(/^[1-3 A-Za-z]+ \d+:\d+$/);
    }
    expect(new Set(famous.map((t) => t.verses[0])).size).toBe(famous.length);
    // Every word can name its entry: a question reads it as the one content word it is (not a
    // frame word such as "teach", nor "self-control", which a question reads as two).
    const unreadable = topics.flatMap((t) =>
      t.words.filter((w) => contentWords(w).join(' ') !== w).map((w) => `${t.topic}: ${w}`),
    );
    expect(unreadable).toEqual([]);
    // A word names at most two subjects, and each subject lists a few key verses; a named passage
    // is a few verses named by two words or more.
    const naming = new Map<string, number>();
    for (const t of subjects) for (const w of new Set(t.words)) naming.set(w, (naming.get(w) ?? 0) + 1);
    expect([...naming].filter(([, n]) => n > 2)).toEqual([]);
    for (const t of subjects) expect(t.verses.length, t.topic).toBeGreaterThanOrEqual(3);
    for (const t of named) {
      expect(t.words.length, t.topic).toBeGreaterThanOrEqual(2);
      expect(t.verses.length, t.topic).toBeGreaterThanOrEqual(2);
    }
  });

  it('is imported as a topical work whose everyday words name its subjects', () => {
    const resource = store()
      .resources()
      .find((r) => r.id === 'everyday-topics');
    expect(resource).toMatchObject({ kind: 'topics', name: 'Everyday Topics' });
    expect(resource?.attribution).toMatch(/^Everyday Topics: .*written for the bible command-line tool/);
    const [anxiety] = store().topicsNamedBy('everyday-topics', ['worry']);
    expect(anxiety).toMatchObject({ headword: 'Anxiety and worry', word: 'worry' });
    expect(JSON.parse(anxiety?.sections ?? '[]')[0].refs[0]).toEqual({
      ref: 'Philippians 4:6-7',
      bookNum: 50,
      ch: 4,
      v: 6,
      vEnd: 7,
    });
    expect(store().topicsNamedBy('everyday-topics', ['mahershalalhashbaz'])).toEqual([]);
    // Nave's stays the topical work named by headword.
    expect(store().topicByHeadword('nave', 'anxiety')?.headword).toBe('ANXIETY');
  });
});
