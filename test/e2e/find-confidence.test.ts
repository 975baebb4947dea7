import { afterAll, beforeAll, describe, expect } from 'vitest';
import { BAR_READ } from '../../src/find/confidence.js';
import { findVerses } from '../../src/find/engine.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { groundingText } from '../../src/service/chat/grounding-text.js';
import { retrieve } from '../../src/service/chat/retrieval.js';
import { LOCAL_PRINCIPAL } from '../../src/service/context.js';
import { findAnswer } from '../../src/service/find-answer.js';
import { runCli } from '../support/cli.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';

const KJV_ATTRIBUTION =
  "King James Version (1769 standard text, with Strong's numbers). Public Domain. From the CrossWire SWORD module engKJV2006eb.";
const ROUTER = 'how do I reset my router';
const NOTE =
  'No verse answers this question well enough: nothing in the library speaks of "reset", "router". Try `bible search <words>` for words in the verses, or `bible topic search <subject>` for a subject; `bible find --all` (the `all` parameter) shows the weak matches.';

describe('find says when nothing answers (issue 34.1, 34.2)', () => {
  itWithSword('a question the library does not answer: no verse, the note, exit 0', async () => {
    const r = await runCli(['find', ...ROUTER.split(' '), '-t', 'kjv']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(`${ROUTER} (KJV)\n${NOTE}\n\n— ${KJV_ATTRIBUTION}\n`);
    const json = await runCli(['find', ROUTER, '-t', 'kjv', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      query: ROUTER,
      translation: 'kjv',
      results: [],
      note: NOTE,
      all: false,
      attribution: KJV_ATTRIBUTION,
    });
  });

  itWithSword('--all shows the weak matches, each saying what it answers', async () => {
    const r = await runCli(['find', ROUTER, '-t', 'kjv', '--all', '--limit', '2', '--json']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.all).toBe(true);
    expect(data.note).toMatch(/; the weak matches are shown\.$/);
    // Micah 1:13 comes in through H7409 rekesh "a relay of animals on a post-route" alone: a gloss
    // that meets "router" only by its first letters answers nothing (34.2).
    expect(data.results[0]).toMatchObject({
      ref: 'Micah 1:13',
      why: expect.arrayContaining(['Strong\'s H7409 rekesh "a relay of animals on a post-route" (router)']),
      confidence: { band: 'weak', covers: [], of: 2 },
    });
    expect(data.results).toHaveLength(2);
    const text = await runCli(['find', ROUTER, '-t', 'kjv', '--all', '--limit', '1']);
    expect(text.stdout).toContain('(weak: answers none of 2 words)');
  });

  itWithSword('a question answered carries each verse’s confidence: the words it answers and through what', () => {
    const store = new LibraryStore(TEST_LIBRARY);
    try {
      const r = findAnswer(store, LOCAL_PRINCIPAL, 'the lord is my shepherd', { translation: 'kjv', limit: 3 });
      expect(r.note).toBeUndefined();
      expect(r.results[0]).toMatchObject({
        ref: 'Psalms 23:1',
        confidence: {
          band: 'strong',
          covers: [
            { word: 'lord', through: expect.arrayContaining(['lexical']) },
            { word: 'shepherd', through: expect.arrayContaining(['lexical', 'topics']) },
          ],
          of: 2,
        },
      });
      // The bar is judged on the best BAR_READ verses whatever the limit: one verse asked, the same answer.
      const one = findVerses(store, ROUTER, { translation: 'kjv', resources: store.resources(), limit: 1 });
      const ten = findVerses(store, ROUTER, { translation: 'kjv', resources: store.resources(), limit: BAR_READ });
      expect([one.results, one.unanswered]).toEqual([[], { unknown: ['reset', 'router'] }]);
      expect([ten.results, ten.unanswered]).toEqual([[], { unknown: ['reset', 'router'] }]);
    } finally {
      store.close();
    }
  });
});

describe('a question that quotes a verse ranks that verse first (issue 34.5)', () => {
  let store: LibraryStore;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store.close());
  /** Where two verses stand among the ten best (-1: not among them). */
  const places = (q: string, refs: string[]) => {
    const found = findAnswer(store, LOCAL_PRINCIPAL, q, { translation: 'kjv', limit: 10 }).results.map((r) => r.ref);
    return refs.map((ref) => found.indexOf(ref));
  };

  itWithSword('the whole line in a row outranks its words apart', () => {
    // Zechariah 13:7 has "the LORD", "is my" and "my shepherd" apart.
    expect(places('the lord is my shepherd', ['Psalms 23:1', 'Zechariah 13:7'])).toEqual([0, 2]);
    // "For I know the" in a row; Everyday Topics names Romans 8:28 as well for "plans".
    expect(places('for I know the plans I have for you', ['Jeremiah 29:11', 'Romans 8:28'])).toEqual([0, 1]);
    // "Jesus was born" (Matthew 2:1) as the question would be stated, before "born again" (John 3:3).
    expect(places('where was Jesus born', ['Matthew 2:1', 'John 3:3'])).toEqual([0, 1]);
  });
});

describe('the chat on a question Scripture does not answer (issue 34.1)', () => {
  itWithSword('offline it says so and quotes nothing; a model is told to do the same', async () => {
    const r = await runCli(['chat', ROUTER]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      'As far as I can tell, Scripture does not speak to this. Nothing in the library speaks of "reset", "router". If you meant something the Bible does speak to, could you say what you had in mind, or name a passage?',
    );
    expect(r.stdout).not.toMatch(/\b\d+:\d+\b|Micah|Esther|Sources:/);
    const store = new LibraryStore(TEST_LIBRARY);
    try {
      const g = retrieve(store, ROUTER, 'default', 'kjv', store.resources());
      expect([g.verses, g.topics, g.stories, g.strongs, g.unanswered]).toEqual([
        [],
        [],
        [],
        [],
        { unknown: ['reset', 'router'] },
      ]);
      expect(groundingText(g)).toBe(
        'No verse in the library answers this question well enough (nothing in it speaks of "reset", "router"). Say plainly that Scripture does not speak to it, or ask what was meant; quote no verse and cite no reference.',
      );
    } finally {
      store.close();
    }
  });
});
