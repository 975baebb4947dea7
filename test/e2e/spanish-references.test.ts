import { describe, expect, it } from 'vitest';
import { spokenRef } from '../../src/cli/render/spoken-ref.js';
import { runCliInProcess } from '../support/run-cli.js';

const run = (...args: string[]) => runCliInProcess([...args, '--no-color']);
const heading = (stdout: string) => stdout.split('\n')[0];
const headingOf = async (...args: string[]) => heading((await run(...args)).stdout);

describe('Spanish references and headings (issue 31)', () => {
  it('"Juan 3:16" -t rv1909 is headed in Spanish, with the RV1909 text and its attribution', async () => {
    const r = await run('passage', 'Juan 3:16', '-t', 'rv1909');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      'Juan 3:16 (RV1909)\n' +
        '16 Porque de tal manera amó Dios al mundo, que ha dado á su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.\n' +
        '\n' +
        '— Reina-Valera 1909 (Casiodoro de Reina and Cipriano de Valera, 1909 revision). Public Domain. From the CrossWire SWORD module spaRV1909eb.\n',
    );
  });

  it('Spanish names and abbreviations as people write them, with or without accents', async () => {
    expect(await headingOf('passage', '1 Co 13:4', '-t', 'rv1909')).toBe('1 Corintios 13:4 (RV1909)');
    expect(await headingOf('passage', 'Sal 23', '-t', 'rv1909')).toBe('Salmo 23 (RV1909)');
    expect(await headingOf('passage', 'Apoc 21:4', '-t', 'rv1909')).toBe('Apocalipsis 21:4 (RV1909)');
    expect(await headingOf('passage', 'Hch 2', '-t', 'rv1909')).toBe('Hechos 2 (RV1909)');
    expect(await headingOf('passage', 'Genesis 1:1', '-t', 'rv1909')).toBe('Génesis 1:1 (RV1909)');
    expect(await headingOf('passage', 'Salmos 1-2', '-t', 'rv1909')).toBe('Salmos 1-2 (RV1909)');
    expect(await headingOf('chapter', 'Salmos', '23', '-t', 'rv1909')).toBe('Salmo 23 (RV1909)');
    expect(await headingOf('passage', 'Juan 3:16 (RV1909)')).toBe('Juan 3:16 (RV1909)');
    // What the translation lacks is said in its language too.
    const gap = await run('passage', 'Jonás 1:17', '-t', 'rv1909');
    expect(gap.stdout.split('\n').slice(0, 2)).toEqual([
      'Jonás 1:17 (RV1909)',
      '(RV1909 has no text for Jonás 1:17; it may number these verses differently)',
    ]);
  });

  it('Spanish names are read with any translation, headed in that translation’s language', async () => {
    const genesis = await run('passage', 'Génesis 1:1', '-t', 'kjv');
    expect(genesis.stdout.split('\n').slice(0, 2)).toEqual([
      'Genesis 1:1 (KJV)',
      '1 In the beginning God created the heaven and the earth.',
    ]);
    expect(await headingOf('passage', 'Genesis 1:1', '-t', 'kjv')).toBe('Genesis 1:1 (KJV)');
    expect(await headingOf('passage', 'Apoc 21:4')).toBe('Revelation 21:4 (KJV)');
    expect(await headingOf('passage', 'Hch 2', '-t', 'web')).toBe('Acts 2 (WEB)');
    // Side by side, the heading is the first translation's.
    expect(await headingOf('passage', 'Juan 3:16', '-t', 'kjv,rv1909')).toBe('John 3:16 (KJV, RV1909)');
  });

  it('an abbreviation meaning another book in each language is read as the translation’s language reads it', async () => {
    expect(await headingOf('passage', 'Mc 1:1', '-t', 'rv1909')).toBe('Marcos 1:1 (RV1909)');
    expect(await headingOf('passage', 'Mc 1:1', '-t', 'kjv')).toBe('Micah 1:1 (KJV)');
    // "1 John" stays 1 John for a Spanish reader too (the Spanish parser alone would read John).
    expect(await headingOf('passage', '1 John 1:9', '-t', 'rv1909')).toBe('1 Juan 1:9 (RV1909)');
  });

  it('--json keeps the contract: the canon’s English reference', async () => {
    const r = await run('passage', 'Juan 3:16', '-t', 'rv1909', '--json');
    const data = JSON.parse(r.stdout);
    expect([data.translation, data.passages[0].ref, data.passages[0].verses[0].book]).toEqual([
      'rv1909',
      'John 3:16',
      'John',
    ]);
  });

  it('a Spanish book alone, misspelt or unknown gets a useful error', async () => {
    const alone = await run('passage', 'Hechos');
    expect([alone.code, alone.stderr]).toEqual([2, 'bible: Hechos has 28 chapters: name one, like "Hechos 1"\n']);
    const typo = await run('passage', 'Hechoss', '-t', 'rv1909');
    expect([typo.code, typo.stderr]).toEqual([4, "bible: unknown book 'Hechoss' (did you mean Hechos?)\n"]);
    const near = await run('passage', 'Mateos 5', '-t', 'kjv');
    expect([near.code, near.stdout, near.stderr]).toEqual([
      4,
      '',
      "bible: unknown book 'Mateos' (did you mean Mateo?)\n",
    ]);
    // The translation's language decides between near names of two languages.
    const spanish = await run('passage', 'Apocalipsys 21:4', '-t', 'rv1909');
    expect(spanish.stderr).toBe("bible: unknown book 'Apocalipsys' (did you mean Apocalipsis?)\n");
    const english = await run('passage', 'Apocalipsys 21:4', '-t', 'kjv');
    expect(english.stderr).toBe("bible: unknown book 'Apocalipsys' (did you mean Revelation?)\n");
    const unknown = await run('passage', 'Juanito 3:16', '-t', 'rv1909');
    expect([unknown.code, unknown.stderr]).toEqual([4, "bible: unknown book 'Juanito'\n"]);
    const verse = await run('passage', 'Juan 30:1', '-t', 'rv1909');
    expect([verse.code, verse.stderr]).toEqual([4, 'bible: John has 21 chapters\n']);
  });

  it('spokenRef names a reference in the translation’s language; English by default', () => {
    expect(spokenRef('1 John 4:8', 'es')).toBe('1 Juan 4:8');
    expect(spokenRef('John 3:16', 'es')).toBe('Juan 3:16');
    expect(spokenRef('Psalms 23:1-6', 'es')).toBe('Salmo 23:1-6');
    expect(spokenRef('Song of Solomon 2', 'es')).toBe('Cantares 2');
    expect(spokenRef('John 3:16', 'es-MX')).toBe('Juan 3:16');
    expect(spokenRef('John 3:16', 'fr')).toBe('John 3:16');
    expect(spokenRef('Psalms 23')).toBe('Psalm 23');
  });
});
