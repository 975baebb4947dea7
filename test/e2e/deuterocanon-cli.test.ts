import { describe, expect } from 'vitest';
import { diatheke, squash } from '../support/diatheke.js';
import { itWithSword } from '../support/env.js';
import { runCliInProcess } from '../support/run-cli.js';

const run = (...args: string[]) => runCliInProcess([...args, '--no-color']);

describe("the WEB's deuterocanon, read as libsword reads it (issue 33.2)", () => {
  itWithSword('each book as people write it prints what diatheke prints for it', async () => {
    for (const [typed, key] of [
      ['Sir 27:17', 'Sirach 27:17'],
      ['Tob 1:1', 'Tobit 1:1'],
      ['1 Macc 1:1', 'I Maccabees 1:1'],
      ['Ecclesiasticus 1:1', 'Sirach 1:1'],
      ['Wisdom of Solomon 3:1', 'Wisdom 3:1'],
      ['Ps 151:1', 'Additional Psalm 1:1'],
      ['Judith 2:1', 'Judith 2:1'],
      ['Bar 3:9', 'Baruch 3:9'],
      ['Prayer of Manasseh 1:1', 'Prayer of Manasses 1:1'],
      ['IV Maccabees 1:1', 'IV Maccabees 1:1'],
    ]) {
      const ours = await run('passage', typed as string, '-t', 'web', '--plain');
      expect([typed, ours.code]).toEqual([typed, 0]);
      expect([typed, squash(ours.stdout)]).toEqual([typed, squash(await diatheke('engWEB2015eb', key as string))]);
    }
  });

  itWithSword('a translation without the book says so plainly, and a parallel view shows it absent', async () => {
    const kjv = await run('passage', 'Tob 1:1', '-t', 'kjv');
    expect([kjv.code, kjv.stderr]).toEqual([4, 'bible: the KJV does not include Tobit [NOT_FOUND]\n']);
    const chapter = await run('chapter', 'Sirach', '1', '-t', 'kjv');
    expect([chapter.code, chapter.stderr]).toEqual([4, 'bible: the KJV does not include Sirach [NOT_FOUND]\n']);
    const parallel = await run('passage', 'Sir 27:17', '-t', 'web,kjv');
    expect(parallel.code).toBe(0);
    expect(parallel.stdout.split('\n').slice(0, 3)).toEqual([
      'Sirach 27:17 (WEB, KJV)',
      '17 WEB Love a friend, and keep faith with him; but if you reveal his secrets, you shall not follow him;',
      '   KJV (absent)',
    ]);
  });

  itWithSword(
    "books -t lists what a translation holds, by its own numbering; the contract's list stays 66",
    async () => {
      const web = JSON.parse((await run('books', '-t', 'web', '--json')).stdout) as {
        versification: string;
        books: Array<{ number: number; name: string; chapters: number; verseCounts: number[] }>;
      };
      expect(web.versification).toBe('NRSVA');
      expect(web.books.filter((b) => b.number <= 66)).toHaveLength(66);
      const sirach = web.books.find((b) => b.name === 'Sirach');
      expect([sirach?.number, sirach?.chapters]).toEqual([72, 51]);
      expect(web.books.map((b) => b.name)).toContain('1 Maccabees');
      const kjv = JSON.parse((await run('books', '-t', 'kjv', '--json')).stdout) as { books: unknown[] };
      expect(kjv.books).toHaveLength(66);
      const all = JSON.parse((await run('books', '--json')).stdout) as { books: unknown[] };
      expect(all.books).toHaveLength(66);
    },
  );

  itWithSword('search finds the deuterocanon where the translation holds it', async () => {
    const found = await run('search', 'keep faith with him', '-t', 'web', '--in', 'deuterocanon');
    expect(found.stdout).toContain('Sirach 27:17');
  });
});
