import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli.js';

const run = (...args: string[]) => runCliInProcess([...args, '--no-color']);
const heading = (stdout: string) => stdout.split('\n')[0];

describe('references as people type them', () => {
  it('"John 3 16" unquoted is John 3:16, not John 3 and John 16', async () => {
    const r = await run('passage', 'John', '3', '16');
    expect([r.code, heading(r.stdout)]).toEqual([0, 'John 3:16 (KJV)']);
    expect(r.stdout.match(/^\d+ /gm)).toEqual(['16 ']);
    const numbered = await run('passage', '1', 'John', '4', '8');
    expect(heading(numbered.stdout)).toBe('1 John 4:8 (KJV)');
  });

  it('a translation named in the reference is read as -t; an unknown one is refused; -t and another name conflict', async () => {
    expect(heading((await run('passage', 'John 3:16 WEB')).stdout)).toBe('John 3:16 (WEB)');
    expect(heading((await run('passage', 'John', '3:16', 'web')).stdout)).toBe('John 3:16 (WEB)');
    expect(heading((await run('passage', 'John 3:16 (web)')).stdout)).toBe('John 3:16 (WEB)');
    expect(heading((await run('chapter', 'Ps', '23', 'WEB')).stdout)).toBe('Psalm 23 (WEB)');
    const unknown = await run('passage', 'John 3:16 (NIV)');
    expect([unknown.code, unknown.stdout]).toEqual([4, '']);
    expect(unknown.stderr).toMatch(/^bible: no translation 'NIV'; there are kjv /);
    const both = await run('passage', 'John 3:16 WEB', '-t', 'kjv');
    expect([both.code, both.stderr]).toEqual([
      2,
      'bible: the reference names WEB but -t asks for kjv: give one of them\n',
    ]);
    // A book's own words are never a translation.
    expect(heading((await run('passage', '2', 'Kings', '1')).stdout)).toBe('2 Kings 1 (KJV)');
    expect(heading((await run('passage', '3', 'John')).stdout)).toBe('3 John 1 (KJV)');
  });

  it('`bible John 3:16` with no command is the passage; bare words that name no book stay an unknown command', async () => {
    const r = await run('John', '3:16');
    expect([r.code, heading(r.stdout)]).toEqual([0, 'John 3:16 (KJV)']);
    expect(heading((await run('--json', '1', 'Cor', '13:4')).stdout)).toBe('{');
    const typo = await run('pasage', 'John 3:16');
    expect([typo.code, typo.stderr]).toEqual([2, "bible: unknown command 'pasage' (did you mean passage?)\n"]);
  });

  it('a deuterocanonical book is read where the translation holds it, and said plainly where not (issue 33)', async () => {
    for (const [typed, name] of [
      ['Tobit 1:1', 'Tobit'],
      ['Sir 27:17', 'Sirach'],
      ['1 Macc 1:1', '1 Maccabees'],
    ]) {
      const r = await run('passage', typed as string, '-t', 'kjv');
      expect([r.code, r.stderr]).toEqual([4, `bible: the KJV does not include ${name} [NOT_FOUND]\n`]);
    }
    const web = await run('passage', 'Sir 27:17', '-t', 'web');
    expect([web.code, heading(web.stdout)]).toEqual([0, 'Sirach 27:17 (WEB)']);
  });
});

describe('a bare word after a reference', () => {
  it('is a translation only when the catalog has one of that id: "John 3:16 foo" cannot be read (exit 2)', async () => {
    const r = await runCliInProcess(['passage', 'John 3:16 foo']);
    expect([r.code, r.stderr]).toEqual([
      2,
      "bible: cannot read 'John 3:16 foo': use Book c, Book c:v, Book c:v-v, Book c:v-c:v or Book c-c\n",
    ]);
  });
});
