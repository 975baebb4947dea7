import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verseKey } from '../../src/core/reference/verse-key.js';
import { findVerses } from '../../src/find/engine.js';
import { contentWords } from '../../src/find/question.js';
import { loadDescriptions } from '../../src/find/signals/described.js';
import { headwordTopics } from '../../src/library/import/known-modules.js';
import { loadPeoplePlaces, PEOPLE_PLACES_FILES, peoplePlacesFile } from '../../src/library/import/people-places.js';
import { itWithSword } from '../support/env.js';
import { describedVotes, testInput, voteFor } from '../support/signal-votes.js';
import { useTestStore } from '../support/test-store.js';

const DATA = join(process.cwd(), 'data');

describe('the described signal: people and places asked by what the Bible says of them', () => {
  const store = useTestStore();
  const asked = (q: string, works: { peoplePlaces?: string } = { peoplePlaces: 'people-places' }) =>
    describedVotes(testInput(store(), q, works));

  it('reads data/people-places/: every entry valid, every phrase two content words or more', () => {
    const { entries, rejected } = loadPeoplePlaces(DATA);
    expect(rejected).toEqual([]);
    const [people, places] = PEOPLE_PLACES_FILES.map((f) => peoplePlacesFile(DATA, f).length);
    expect([people, places]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(people).toBeGreaterThanOrEqual(90);
    expect(places).toBeGreaterThanOrEqual(40);
    expect(entries.length).toBe((people as number) + (places as number));
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    // A phrase of one word would be told by any question that holds it ("the doctor").
    const thin = entries.flatMap((e) =>
      e.descriptions.flatMap((d) => d.phrases.filter((p) => contentWords(p).length < 2).map((p) => `${e.name}: ${p}`)),
    );
    expect(thin).toEqual([]);
    // find reads the same descriptions, one for each entry's each.
    expect(loadDescriptions().length).toBe(entries.reduce((n, e) => n + e.descriptions.length, 0));
  });

  itWithSword('is imported as a topical work of its own, under its attribution, apart from the headword topics', () => {
    const resource = store()
      .resources()
      .find((r) => r.id === 'people-places');
    expect(resource).toMatchObject({ kind: 'topics', name: 'People and Places' });
    expect(resource?.attribution).toMatch(/^People and Places: .*written for the bible command-line tool/);
    const saul = store().topicEntry('people-places', 'saul');
    expect(saul?.sections[0]?.heading).toBe('the first king of Israel');
    expect(saul?.sections[0]?.refs.map((r) => r.ref)).toEqual(['1 Samuel 10:1', '1 Samuel 11:15']);
    expect(headwordTopics(store().resources())?.id).toBe('nave');
  });

  itWithSword('votes for the verses that state the description the question tells', () => {
    expect(voteFor(asked("who was Israel's first king"), '1 Samuel 10:1')).toEqual({
      key: verseKey(9, 10, 1),
      score: 1,
      why: 'people and places: Saul, the first king of Israel',
      resource: 'people-places',
    });
    // The second verse listed counts a tenth less; "grow" tells "grew up" (an irregular form).
    expect(voteFor(asked("who was Israel's first king"), '1 Samuel 11:15')?.score).toBeCloseTo(1 / 1.1);
    expect(voteFor(asked('where did Jesus grow up'), 'Luke 4:16')?.why).toBe(
      'people and places: Nazareth, the town where Jesus grew up',
    );
    expect(voteFor(asked('the apostle from Tarsus'), 'Acts 22:3')?.score).toBe(1);
    // A question holding more than the phrase: by the share of it the phrase answers (2 of 3).
    expect(voteFor(asked('who was the first king of Judah'), '1 Samuel 10:1')?.score).toBeCloseTo(2 / 3);
    expect(voteFor(asked('who was the first king of Judah'), '1 Kings 12:17')?.score).toBe(1);
  });

  itWithSword('tells nothing from part of a phrase, nor without People and Places', () => {
    expect(asked('what does the Bible say about kings')).toEqual([]);
    expect(asked("who was Israel's first king", {})).toEqual([]);
  });

  itWithSword('in the engine, the verse that states it comes first', () => {
    for (const [q, first] of [
      ["who was Israel's first king", '1 Samuel 10:1'],
      ['the town where Jesus grew up', 'Luke 4:16'],
      ['the apostle from Tarsus', 'Acts 22:3'],
    ]) {
      const found = findVerses(store(), q as string, { translation: 'kjv', resources: store().resources(), limit: 3 });
      expect([q, found.results[0]?.ref]).toEqual([q, first]);
      expect(found.drawnOn).toContain('people-places');
    }
  });
});
