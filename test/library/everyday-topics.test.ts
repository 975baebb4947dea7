import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEverydayTopics } from '../../src/library/import/curated.js';
import { useTestStore } from '../support/test-store.js';

describe("Everyday Topics (data/modern-topics.json), our own topical index in today's words", () => {
  const store = useTestStore();

  it('is valid throughout: every subject, word and reference', () => {
    const { topics, rejected } = loadEverydayTopics(join(process.cwd(), 'data'));
    expect(rejected).toEqual([]);
    expect(topics.length).toBeGreaterThanOrEqual(200);
    // A word names at most two subjects, and each subject lists a few key verses.
    const subjects = new Map<string, number>();
    for (const t of topics) for (const w of new Set(t.words)) subjects.set(w, (subjects.get(w) ?? 0) + 1);
    expect([...subjects].filter(([, n]) => n > 2)).toEqual([]);
    for (const t of topics) expect(t.verses.length, t.topic).toBeGreaterThanOrEqual(3);
    expect(new Set(topics.map((t) => t.topic)).size).toBe(topics.length);
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
    expect(store().topicsNamedBy('everyday-topics', ['melchizedek'])).toEqual([]);
    // Nave's stays the topical work named by headword.
    expect(store().topicByHeadword('nave', 'anxiety')?.headword).toBe('ANXIETY');
  });
});
