import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TEST_LIBRARY } from '../support/env.js';
import { useTestStore } from '../support/test-store.js';

describe('a topic as find weighs it', () => {
  const store = useTestStore();

  it('is the topic topicByHeadword finds, its references counted as its parsed sections list them, its sections given within the bound', () => {
    const db = new Database(TEST_LIBRARY, { readonly: true });
    const rows = db.prepare('SELECT work, headword FROM topic_entries').all() as Array<{
      work: string;
      headword: string;
    }>;
    db.close();
    expect(rows.length).toBeGreaterThan(1000);
    let broad = 0;
    for (const { work, headword } of rows) {
      const topic = store().topicByHeadword(work, headword);
      const weighed = store().topicWeighed(work, headword, 300);
      const refs = topic?.sections.flatMap((s) => s.refs).length;
      expect(weighed?.slug, headword).toBe(topic?.slug);
      expect(weighed?.headword, headword).toBe(topic?.headword);
      expect(weighed?.refs, headword).toBe(refs);
      if ((refs ?? 0) > 300) broad++;
      if ((refs ?? 0) > 300) expect(weighed?.sections, headword).toBeNull();
      else expect(JSON.parse(weighed?.sections ?? 'null'), headword).toEqual(topic?.sections);
    }
    // GOD, JESUS, ISRAEL…: the topics find passes over unparsed.
    expect(broad).toBeGreaterThan(10);
  });

  it('of two entries of one headword, is the subject, not the place of its name (SIN, not the Desert of Sin)', () => {
    const sin = store().topicByHeadword('nave', 'sin');
    expect(sin?.slug).toBe('sin-2');
    expect(sin?.sections[0]?.heading).not.toMatch(/Desert of/);
    expect(store().topicWeighed('nave', 'Sin', 300)).toMatchObject({ slug: 'sin-2', sections: null });
  });
});
