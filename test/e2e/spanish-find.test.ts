import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli.js';
import { runCliInProcess } from '../support/run-cli.js';
import { serviceDataDir } from '../support/server.js';

const run = (...args: string[]) => runCliInProcess([...args, '--no-color'], { env: { HOME: tempHome() } });

describe('find, search and chat in Spanish (issue 31)', () => {
  it('find reads a Spanish question in Spanish and answers from the RV1909, in Spanish book names', async () => {
    const r = await run('find', '¿Qué dice la Biblia sobre la ansiedad?', '--limit', '3');
    expect([r.code, r.stderr]).toEqual([0, '']);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('¿Qué dice la Biblia sobre la ansiedad? (RV1909)');
    expect(r.stdout).toContain('Filipenses 4:6  Por nada estéis afanosos');
    expect(r.stdout).not.toContain('23:7');
    const json = JSON.parse(
      (await run('find', '¿Qué dice la Biblia sobre la ansiedad?', '--json', '--limit', '3')).stdout,
    );
    expect(json).toMatchObject({ translation: 'rv1909', language: 'es' });
    expect(json.results.map((x: { ref: string }) => x.ref)).toContain('Philippians 4:6');
  });

  it('a question in a language the library has no translation in is answered in English with a line saying so', async () => {
    const r = await run('find', 'Que dit la Bible sur l’anxiété ?', '--limit', '3');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([
      'Que dit la Bible sur l’anxiété ? (KJV)',
      '(the library has no translation in French: the question was read in English)',
    ]);
    expect(r.stdout).not.toContain('1 Chronicles 23:7');
  });

  it('search --stem in Spanish matches the inflections of a word by its Snowball stem', async () => {
    const r = await run('search', 'perdonar', '--stem', '-t', 'rv1909', '--json');
    expect(r.code).toBe(0);
    const words = new Set(
      JSON.parse(r.stdout).results.flatMap((x: { matches: string[] }) => x.matches.map((m) => m.toLowerCase())),
    );
    for (const w of ['perdonar', 'perdonad', 'perdonó', 'perdonados']) expect([w, words.has(w)]).toEqual([w, true]);
    const plain = JSON.parse((await run('search', 'perdonar', '-t', 'rv1909', '--json')).stdout);
    expect(plain.total).toBeLessThan(JSON.parse(r.stdout).total);
  });

  it('--json adds the book’s name in the translation’s language (include=bookName), keeping the contract’s fields', async () => {
    const r = await run('passage', 'Juan 3:16', '-t', 'rv1909', '--json');
    const verse = JSON.parse(r.stdout).passages[0].verses[0];
    expect([verse.book, verse.bookName, verse.chapter, verse.v]).toEqual(['John', 'Juan', 3, 16]);
    const english = JSON.parse((await run('passage', 'John 3:16', '-t', 'kjv', '--json')).stdout);
    expect(english.passages[0].verses[0].bookName).toBeUndefined();
  });

  it('the offline chat answers a Spanish question in Spanish, quoting the RV1909', async () => {
    // A data directory of its own for the conversation, holding the test library by a link.
    const env = { HOME: tempHome(), BIBLE_DATA_DIR: serviceDataDir() };
    const r = await runCliInProcess(['chat', '¿Qué dice la Biblia sobre la ansiedad?', '--no-color'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Esto es lo que dice la Escritura sobre su pregunta\./);
    expect(r.stdout).toContain('> Por nada estéis afanosos');
    expect(r.stdout).toContain('RV1909)');
    expect(r.stdout).toContain('Reina-Valera 1909');
  });

  it('a Spanish question with -t kjv is answered from the KJV, in find and the chat (the chat’s framing in Spanish)', async () => {
    const found = await run('find', '¿Qué dice la Biblia sobre la ansiedad?', '-t', 'kjv', '--limit', '3', '--json');
    expect(found.code).toBe(0);
    const json = JSON.parse(found.stdout);
    expect(json).toMatchObject({ translation: 'kjv', language: 'es' });
    expect(json.results[0]).toMatchObject({
      ref: 'Philippians 4:6',
      text: expect.stringMatching(/^Be careful for nothing/),
    });
    const env = { HOME: tempHome(), BIBLE_DATA_DIR: serviceDataDir() };
    const r = await runCliInProcess(['chat', '¿Qué dice la Biblia sobre la ansiedad?', '-t', 'kjv', '--no-color'], {
      env,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Esto es lo que dice la Escritura sobre su pregunta\./);
    expect(r.stdout).toContain('(Philippians 4:6, KJV)');
    expect(r.stdout).not.toContain('RV1909');
    const unknown = await runCliInProcess(['chat', 'hola', '-t', 'nope', '--no-color'], { env });
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      "bible: translation 'nope' is not a Bible translation this key may read [INVALID_REQUEST]\n",
    ]);
  });

  it('a Portuguese question is read in English with a line saying so, never answered from the RV1909', async () => {
    const r = await run('find', 'O que a Bíblia diz sobre a ansiedade?', '--limit', '3');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([
      'O que a Bíblia diz sobre a ansiedade? (KJV)',
      '(the library has no translation in Portuguese: the question was read in English)',
    ]);
  });
});
