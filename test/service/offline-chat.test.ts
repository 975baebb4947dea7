import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '../../src/core/personas.js';
import { parseReference, referenceVerses } from '../../src/core/reference/reference.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { createApp } from '../../src/service/app.js';
import { TEST_LIBRARY } from '../support/env.js';

const QUESTIONS = [
  'What does the Bible say about forgiveness?',
  'Who was Naaman?',
  'What is love in 1 Corinthians 13:4?',
  'How should I pray?',
  'I feel afraid and alone',
  'What happened at Pentecost?',
  'Tell me about David and Goliath',
  'What does John 3:16 mean?',
  'What is faith?',
  'Why did Jesus tell the parable of the prodigal son?',
  'What does Psalm 23 say about the shepherd?',
  'How do I find peace when I worry?',
  'What is grace?',
  'Who was Moses?',
  'What does the Bible teach about money and wealth?',
  'How should husbands and wives love each other?',
  'What happened to Jonah?',
  'What is the resurrection?',
  'How can I be saved?',
  'What does it mean to be born again?',
];

describe('the offline responder on 20 fixed questions', () => {
  let store: LibraryStore;
  let db: Database.Database;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
    db = new Database(TEST_LIBRARY, { readonly: true });
  });
  afterAll(() => {
    store.close();
    db.close();
  });

  it('cites only references that exist and quotes verses exactly as the library holds them', async () => {
    const app = await createApp({ store, env: {} });
    const verse = db.prepare(
      "SELECT text FROM verses WHERE translation = 'kjv' AND book = ? AND chapter = ? AND verse = ?",
    );
    let quoted = 0;
    let cited = 0;
    for (const [i, message] of QUESTIONS.entries()) {
      const persona = PERSONAS[i % PERSONAS.length];
      const res = await app.fetch(
        new Request('http://embedded/v1/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message, persona }),
        }),
      );
      expect(res.status, message).toBe(200);
      const body = (await res.json()) as { data: { message: string; model: string } };
      expect(body.data.model).toContain('not a language model');
      const text = body.data.message.split('\n\n— Sources:')[0] as string;
      // Quoted verses: "> text (Book c:v, KJV)".
      for (const m of text.matchAll(/^> (.*) \(([^()]+ \d+:\d+), KJV\)$/gm)) {
        const ref = parseReference(m[2] as string);
        const row = verse.get(ref.book.number, ref.start.chapter, ref.start.verse) as { text: string } | undefined;
        expect(row?.text, `${message}: ${m[2]}`).toBe(m[1]);
        quoted++;
      }
      // Every reference anywhere in the reply names a real passage.
      for (const m of text.matchAll(
        /\b((?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)?) (\d+)(?::(\d+)(?:-(\d+)(?::(\d+))?)?)?\b/g,
      )) {
        const candidate = m[0];
        let ref: ReturnType<typeof parseReference> | undefined;
        try {
          ref = parseReference(candidate);
        } catch (err) {
          // Words that are no book ("Verses 27") are not citations.
          if ((err as Error).message.startsWith('unknown book')) continue;
          throw new Error(`${message}: '${candidate}' is not a real passage: ${(err as Error).message}`);
        }
        expect(referenceVerses(ref).length).toBeGreaterThan(0);
        cited++;
      }
    }
    expect(quoted).toBeGreaterThanOrEqual(40);
    expect(cited).toBeGreaterThanOrEqual(60);
  });
});
