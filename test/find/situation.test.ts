import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verseKey } from '../../src/core/reference/verse-key.js';
import { EverydaySituation } from '../../src/core/schemas/everyday-topics.js';
import { findVerses } from '../../src/find/engine.js';
import { loadSituations } from '../../src/find/signals/situation.js';
import { loadEverydayTopics } from '../../src/library/import/curated.js';
import { itWithSword } from '../support/env.js';
import { situationVotes, testInput, voteFor } from '../support/signal-votes.js';
import { useTestStore } from '../support/test-store.js';

const LONELY = 'feeling really lonely since I moved to a new city';

describe('the situation signal: a question read as the situation it tells', () => {
  const store = useTestStore();
  const asked = (q: string, works: { everyday?: string } = { everyday: 'everyday-topics' }) =>
    situationVotes(testInput(store(), q, works));

  it('reads data/everyday-topics/situations.json: each situation valid, its entries Everyday Topics subjects', () => {
    const file = JSON.parse(
      readFileSync(join(process.cwd(), 'data', 'everyday-topics', 'situations.json'), 'utf8'),
    ) as { about: string; situations: unknown[] };
    expect(file.about.length).toBeGreaterThan(0);
    const invalid = file.situations.flatMap((s) => {
      const parsed = EverydaySituation.safeParse(s);
      return parsed.success ? [] : [`${(s as { situation?: string }).situation}: ${parsed.error.issues[0]?.message}`];
    });
    expect(invalid).toEqual([]);
    const situations = loadSituations();
    expect(situations.length).toBe(file.situations.length);
    expect(situations.length).toBeGreaterThanOrEqual(60);
    expect(new Set(situations.map((s) => s.situation)).size).toBe(situations.length);
    const subjects = new Set(loadEverydayTopics(join(process.cwd(), 'data')).topics.map((t) => t.topic));
    const unknown = situations.flatMap((s) =>
      s.topics.filter((t) => !subjects.has(t)).map((t) => `${s.situation}: ${t}`),
    );
    expect(unknown).toEqual([]);
  });

  itWithSword(
    'votes for the key verses of the entries that answer the situation, whatever else the question names',
    () => {
      const lonely = asked(LONELY);
      // Loneliness lists Deuteronomy 31:6 first; the situation's second entry counts half as much.
      expect(voteFor(lonely, 'Deuteronomy 31:6')).toEqual({
        key: verseKey(5, 31, 6),
        score: 1,
        why: 'situation: feeling lonely (everyday topic: Loneliness)',
        resource: 'everyday-topics',
      });
      expect(voteFor(lonely, 'Psalms 68:6')?.score).toBeCloseTo(1 / 1.1);
      // The city is no situation: no verse is voted for by it.
      expect(new Set(lonely.map((v) => v.why))).toEqual(
        new Set([
          'situation: feeling lonely (everyday topic: Loneliness)',
          "situation: feeling lonely (everyday topic: God's presence)",
          'situation: feeling lonely (everyday topic: Friendship)',
        ]),
      );
      // A cue of two words is told by both, in any order and any form.
      const praying = asked("been praying for years and God still hasn't answered");
      expect(voteFor(praying, 'Psalms 13:1')?.why).toBe(
        "situation: prayers that go unanswered (everyday topic: Unanswered prayer and God's silence)",
      );
    },
  );

  itWithSword('tells no situation from a word that only begins like a cue, nor without Everyday Topics', () => {
    // "along" begins as "alone" does without its e; "bull" as "bullied" without its ending.
    expect(asked('they walked along the river with a bull')).toEqual([]);
    expect(asked('Who built the temple?')).toEqual([]);
    expect(asked(LONELY, {})).toEqual([]);
  });

  itWithSword('in the engine, the situation outweighs the incidental nouns', () => {
    const found = findVerses(store(), LONELY, { translation: 'kjv', resources: store().resources(), limit: 3 });
    for (const r of found.results) expect(r.reasons.map((x) => x.signal)).toContain('situation');
    expect(found.drawnOn).toContain('everyday-topics');
  });
});
