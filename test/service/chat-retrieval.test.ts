import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { createApp } from '../../src/service/app.js';
import { OFFLINE_NOTE } from '../../src/service/chat/personas.js';
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

const quoted = (reply: string) => [...reply.matchAll(/^> .* \(([^()]+ \d+:\d+), KJV\)$/gm)].map((m) => m[1]);

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

  it('gives the simple helper three verses at most', async () => {
    for (const q of ['What does the Bible say about worry and anxiety?', 'How should I pray?'])
      expect(quoted(await ask(store, q, 'simple_helper')).length).toBeLessThanOrEqual(3);
  });
});
