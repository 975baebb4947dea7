import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Band } from '../../src/find/confidence.js';
import type { FoundVerse } from '../../src/find/engine.js';
import type { Reason } from '../../src/find/registry.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { createApp } from '../../src/service/app.js';
import { groundingText } from '../../src/service/chat/grounding-text.js';
import { OFFLINE_NOTE } from '../../src/service/chat/personas.js';
import { quotedPassages } from '../../src/service/chat/quoted.js';
import { retrieve } from '../../src/service/chat/retrieval.js';
import { TEST_LIBRARY } from '../support/env.js';

/** The offline chat's reply to a question, through the real service in-process. */
async function ask(store: LibraryStore, message: string, persona = 'default'): Promise<string> {
  const res = await (await createApp({ store, env: {} })).fetch(
    new Request('http://embedded/v1/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, persona }),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { message: string } }).data.message;
}

/** Quoted references in runs of verses side by side: "Psalms 139:13", "Psalms 139:14" are one passage. */
function passages(refs: string[]): string[][] {
  const out: string[][] = [];
  for (const ref of refs) {
    const last = out.at(-1)?.at(-1);
    const [, book, ch, v] = /^(.+) (\d+):(\d+)$/.exec(ref) ?? [];
    const [, lb, lch, lv] = (last && /^(.+) (\d+):(\d+)$/.exec(last)) || [];
    if (last && book === lb && ch === lch && Number(v) === Number(lv) + 1) out.at(-1)?.push(ref);
    else out.push([ref]);
  }
  return out;
}

const quoted = (reply: string) => [...reply.matchAll(/^> .* \(([^()]+ \d+:\d+), KJV\)$/gm)].map((m) => m[1] as string);

describe('the chat grounded in the find engine (issue 16)', () => {
  let store: LibraryStore;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store.close());

  it('answers worry and anxiety with the verses anyone expects, under their Nave sub-heading, saying once what wrote it', async () => {
    const reply = await ask(store, 'What does the Bible say about worry and anxiety?');
    expect(quoted(reply)).toEqual(expect.arrayContaining(['Philippians 4:6', 'Matthew 6:25']));
    expect(reply).toContain('**Care: worldly**');
    expect(reply.split(OFFLINE_NOTE).length).toBe(2);
    expect(reply).toContain('BIBLE_LLM_BASE_URL');
  });

  it('groups verses under the Everyday Topics subject that brought them in, with its attribution', async () => {
    const reply = await ask(store, 'What does the Bible say about loneliness?');
    expect(reply).toContain('**Loneliness**');
    expect(reply).toContain('Everyday Topics: key verses on the subjects people ask about');
    // Credited too where it brought quoted verses in but Nave's sub-headings title them.
    const anger = await ask(store, 'What does the Bible say about anger?');
    expect(anger).not.toContain('**Anger**\n');
    expect(anger).toContain('Everyday Topics: key verses on the subjects people ask about');
  });

  it('names the related topic and a story though no quoted verse came from them: forgiveness', async () => {
    const reply = await ask(store, 'What does the Bible say about forgiveness?');
    // The six quoted verses hold "forgiveness" (of sins); Nave's FORGIVENESS and the parable of
    // the unforgiving servant bring in the verses ranked after them.
    expect(reply).toMatch(/^Related topics in Nave's: FORGIVENESS\b/m);
    expect(reply).toContain('A story to read: **The Unforgiving Servant** (Matthew 18:21-35).');
    // A story only a later verse brings in, on no theme the question names, is left out: the
    // marriage feast came in through "entreated" (Matthew 22:6).
    expect(await ask(store, 'how should I treat my neighbor')).not.toContain('Marriage Feast');
  });

  it('finds "faith without works" in James, not in verses that only share "without"', async () => {
    const refs = quoted(await ask(store, 'Where does the phrase faith without works occur?'));
    // Grouped under their themes (Nave's WORKS, the named passage "Faith without works is dead").
    expect(refs.slice(0, 6)).toEqual(expect.arrayContaining(['James 2:20', 'James 2:26']));
    expect(refs).not.toContain('Hosea 3:4');
    expect(refs).not.toContain('Romans 1:31');
  });

  it('does not read the archaic "suffer" (permit) as suffering', async () => {
    const reply = await ask(
      store,
      'What does the Bible say about patience in suffering and trials?',
      'biblical_scholar',
    );
    expect(quoted(reply)).not.toContain('Exodus 22:18');
    expect(reply).toContain('G5281 ὑπομονή (hypomonḗ)');
  });

  it('gives the scholar the Greek words behind "love" in John 21:15-17, from the tagged text, and the commentary there', async () => {
    const reply = await ask(store, 'Which Greek word is behind love in John 21:15-17?', 'biblical_scholar');
    expect(quoted(reply).slice(0, 3)).toEqual(['John 21:15', 'John 21:16', 'John 21:17']);
    expect(reply).toContain('G25 ἀγαπάω (agapáō), behind “lovest thou”, “love”');
    expect(reply).toContain('G5368 φιλέω (philéō)');
    for (const wrong of ['G5277', 'G1675', 'G2031', '2 Chronicles 13:13', 'Psalms 50:17', 'Corinthians 1:22'])
      expect(reply).not.toContain(wrong);
    expect(reply).toContain('**MHCC on John 21:15-19:**');
  });

  it('reads a transliteration the question names as its Strong’s number', async () => {
    const reply = await ask(store, 'What does agape mean?', 'biblical_scholar');
    // The gloss once: the definition begins with it.
    expect(reply).toContain('G26 ἀγάπη (agápē), “agape” in the question: love, i.e. affection or benevolence;');
    expect(reply).not.toContain('love. love');
  });

  it("groups a verse under the commentary heading over its passage when no Nave's sub-heading lists it, with the commentary's attribution", async () => {
    // John 19:39 (Nicodemus at the burial, "which at the first came to Jesus by night") is listed
    // under no Nave's sub-heading; it is the sixth verse of this question, the last the default
    // persona quotes.
    const reply = await ask(store, 'Nicodemus came to Jesus by night');
    expect(reply).toContain('**The burial of Jesus**');
    expect(reply).toContain("Matthew Henry's Concise Commentary on the Whole Bible (1706)");
  });

  it('gives the simple helper three passages at most', async () => {
    for (const q of ['What does the Bible say about worry and anxiety?', 'How should I pray?', 'I feel worthless'])
      expect(passages(quoted(await ask(store, q, 'simple_helper'))).length).toBeLessThanOrEqual(3);
  });

  it('quotes a verse find ranked among its best beside a quoted one with it, as one passage', async () => {
    // Psalm 139:14 ("fearfully and wonderfully made") ranks below the six quoted, beside 139:13.
    const refs = quoted(await ask(store, 'I feel worthless, like nobody would even notice if I was gone'));
    expect(refs.slice(refs.indexOf('Psalms 139:13'), refs.indexOf('Psalms 139:13') + 2)).toEqual([
      'Psalms 139:13',
      'Psalms 139:14',
    ]);
  });

  it('quotes what answers the situation a question tells before what only shares its words, under the situation’s subject', async () => {
    // Not the lost sheep nor the man Job ("lost", "job"), which answer part of the question only.
    const reply = await ask(store, 'I lost my job today and I have three kids to feed');
    expect(reply).toContain('**Unemployment and job loss**');
    const refs = quoted(reply);
    expect(refs[0]).toBe('Philippians 4:19');
    expect(refs).toContain('Psalms 37:25');
    expect(refs).not.toContain('Luke 15:4');
    expect(reply).toContain('Everyday Topics: key verses on the subjects people ask about');
  });

  it('groups verses under the person a question describes, with the attribution of People and Places', async () => {
    const reply = await ask(store, "who was Israel's first king");
    expect(reply).toMatch(/\*\*Saul, the first king of Israel\*\*\n\n> [^\n]+ \(1 Samuel 10:1, KJV\)/);
    expect(reply).toContain("People and Places: the Bible's people and places by what it says of them");
    // Once three verses answer the question, a weak one is not quoted after them ("I am the first").
    expect(quoted(reply)).not.toContain('Isaiah 44:6');
  });

  it('answers a Portuguese or Italian question in English from the KJV, saying so, never with Spanish verses', async () => {
    for (const [q, name] of [
      ['O que a Bíblia diz sobre a ansiedade?', 'Portuguese'],
      ["Cosa dice la Bibbia sull'ansia?", 'Italian'],
    ]) {
      const reply = await ask(store, q as string);
      expect(reply.split('\n')[0]).toBe(
        `The library has no translation in ${name}, so this answer is in English, from the English translations.`,
      );
      expect(reply).not.toContain('RV1909');
      expect(reply).not.toContain('Reina-Valera');
    }
  });

  it('keeps a translation the request names whatever the question’s language, and refuses one it cannot read', async () => {
    const app = await createApp({ store, env: {} });
    const q = encodeURIComponent('¿Qué dice la Biblia sobre la ansiedad?');
    const kept = await app.fetch(new Request(`http://embedded/v1/data/bible/kjv/find?q=${q}&limit=1&keep=true`));
    expect((await kept.json()).data).toMatchObject({
      translation: 'kjv',
      language: 'es',
      results: [{ ref: 'Philippians 4:6' }],
    });
    const given = await app.fetch(new Request(`http://embedded/v1/data/bible/kjv/find?q=${q}&limit=1`));
    expect((await given.json()).data).toMatchObject({ translation: 'rv1909' });
    const bad = await app.fetch(new Request(`http://embedded/v1/data/bible/kjv/find?q=${q}&keep=maybe`));
    expect([bad.status, (await bad.json()).error.message]).toEqual([
      400,
      "query parameter 'keep' must be true or false",
    ]);
    const chat = await app.fetch(
      new Request('http://embedded/v1/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hola', translation: 'nope' }),
      }),
    );
    expect([chat.status, (await chat.json()).error.code]).toEqual([400, 'INVALID_REQUEST']);
  });

  it('tells a language model the situation or the person the question was read as', () => {
    const told = groundingText(
      retrieve(store, 'I lost my job today and I have three kids to feed', 'default', 'kjv', store.resources()),
    );
    expect(told.split('\n')[0]).toBe(
      'The question tells a situation (losing a job; worry about money): speak to it, from the verses below.',
    );
    const who = groundingText(retrieve(store, "who was Israel's first king", 'default', 'kjv', store.resources()));
    expect(who.split('\n')[0]).toBe('The question describes Saul, the first king of Israel.');
  });
});

describe('the passages the chat quotes', () => {
  const verse = (ref: string, band: Band, reasons: Reason[] = []): FoundVerse => {
    const [, book, chapter, v] = /^(.+) (\d+):(\d+)$/.exec(ref) as RegExpExecArray;
    const confidence = { band, covers: [], of: 2 };
    return {
      ref,
      book: book as string,
      chapter: Number(chapter),
      v: Number(v),
      text: ref,
      score: 1,
      reasons,
      confidence,
    };
  };
  const refs = (p: FoundVerse[][]) => p.map((x) => x.map((v) => v.ref));
  const told: Reason = {
    signal: 'situation',
    situation: 'losing a job',
    label: 'Unemployment',
    whole: true,
    words: [],
    resource: 'everyday-topics',
  };

  it('joins at most two verses beside the chosen ones, in the Bible’s order, without taking a place', () => {
    const found = ['John 3:16', 'Mark 1:1', 'Acts 2:1', 'John 3:15', 'Acts 2:2', 'Mark 1:2', 'John 3:17'].map((r) =>
      verse(r, 'strong'),
    );
    const { passages, best } = quotedPassages(found, 3, 15, true);
    // John 3:16 takes both its neighbours; Acts 2:2 would be a third.
    expect(refs(passages)).toEqual([['John 3:15', 'John 3:16', 'John 3:17'], ['Mark 1:1'], ['Acts 2:1']]);
    expect(best.map((v) => v.ref)).toEqual(['John 3:16', 'Mark 1:1', 'Acts 2:1']);
    // A neighbour ranked past the pool stays out.
    expect(refs(quotedPassages(found, 3, 4, true).passages)).toEqual([
      ['John 3:15', 'John 3:16'],
      ['Mark 1:1'],
      ['Acts 2:1'],
    ]);
  });

  it('quotes two more verses for a situation told, but not for the simple helper', () => {
    const found = [
      'Matthew 6:25',
      'Luke 12:22',
      'Psalms 55:22',
      '1 Peter 5:7',
      'Philippians 4:6',
      'John 14:27',
      'Isaiah 26:3',
      'Isaiah 41:10',
      'Psalms 94:19',
    ].map((r) => verse(r, 'strong', [told]));
    expect(quotedPassages(found, 6, 15, true).best.length).toBe(8);
    expect(quotedPassages(found, 3, 15, true).best.length).toBe(3);
    expect(
      quotedPassages(
        found.map((v) => ({ ...v, reasons: [] })),
        6,
        15,
        true,
      ).best.length,
    ).toBe(6);
  });

  it('passes over weak verses where three answer, and puts what answers the told situation first where find’s best does not', () => {
    const found = [
      verse('Luke 15:4', 'fair'),
      verse('Job 1:1', 'weak'),
      verse('Job 1:8', 'fair'),
      verse('Philippians 4:19', 'strong', [told]),
      verse('Psalms 37:25', 'strong', [told]),
    ];
    expect(refs(quotedPassages(found, 3, 15, true).passages)).toEqual([
      ['Philippians 4:19'],
      ['Psalms 37:25'],
      ['Luke 15:4'],
    ]);
    // Bands not to be trusted (a question read in its own language): find's order as it comes.
    expect(refs(quotedPassages(found, 3, 15, false).passages)).toEqual([['Luke 15:4'], ['Job 1:1'], ['Job 1:8']]);
    // Fewer than three answering: the weak ones are quoted too.
    expect(refs(quotedPassages(found.slice(0, 3), 3, 15, true).passages)).toEqual([
      ['Luke 15:4'],
      ['Job 1:1'],
      ['Job 1:8'],
    ]);
  });
});
