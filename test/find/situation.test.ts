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
    ) as { about: string; plight: string[]; situations: unknown[] };
    expect(file.about.length).toBeGreaterThan(0);
    expect(file.plight.filter((w) => !/^[a-z]+$/.test(w))).toEqual([]);
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

  itWithSword('reads the situation by meaning: the one told more of, not an incidental word of it', () => {
    const whys = (q: string) => new Set(asked(q).map((v) => v.why.replace(/ \(everyday topic: .*$/, '')));
    // "angry" is the anger at God the question tells, beside the grief: not a temper (Ephesians 4:26).
    expect(whys("my dad just died and I'm angry at God")).toEqual(
      new Set(['situation: grieving someone who died', 'situation: anger at God']),
    );
    // Cheating with scales is no unfaithfulness; a nightmare of a boss is no sleeplessness.
    expect(asked('What does the Bible say about cheating with dishonest scales?')).toEqual([]);
    expect(whys('my boss is a nightmare and I dread going to work every monday')).toEqual(
      new Set(['situation: trouble at work']),
    );
    // A contraction typed without its apostrophe tells what it stands for ("dont", "cant", "im").
    expect(voteFor(asked('i dont even know if i believe in god anymore'), 'Mark 9:24')?.why).toBe(
      'situation: doubting (everyday topic: Doubt)',
    );
    // The asker's own situation votes whole, one asked after half.
    expect(voteFor(asked('I feel so lonely'), 'Deuteronomy 31:6')?.score).toBe(1);
    expect(voteFor(asked('loneliness in old age'), 'Deuteronomy 31:6')?.score).toBe(0.5);
  });

  itWithSword('answers the whole question to the bar only where the asker tells a plight', () => {
    const find = (q: string) =>
      findVerses(store(), q, { translation: 'kjv', resources: store().resources(), limit: 1 });
    const lost = find('I lost my job today and I have three kids to feed');
    expect(lost.results.map((r) => [r.ref, r.confidence.band])).toEqual([['Philippians 4:19', 'strong']]);
    // Naming the boss is no plight: the situation answers "boss" alone, and no verse clears the bar.
    const report = find('my boss wants the quarterly report by monday');
    expect(report.results).toEqual([]);
    expect(report.unanswered).toBeDefined();
    const dread = find('my boss is a nightmare and I dread going to work every monday');
    expect(dread.results[0]?.confidence.band).toBe('strong');
    expect(dread.results[0]?.reasons.map((r) => r.signal)).toContain('situation');
  });

  itWithSword('in the engine, the situation outweighs the incidental nouns', () => {
    const found = findVerses(store(), LONELY, { translation: 'kjv', resources: store().resources(), limit: 3 });
    for (const r of found.results) expect(r.reasons.map((x) => x.signal)).toContain('situation');
    expect(found.drawnOn).toContain('everyday-topics');
  });
});
