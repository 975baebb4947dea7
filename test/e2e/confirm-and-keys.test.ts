import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli.js';
import { createKey, serviceDataDir } from '../support/server.js';
import { TmuxSession } from '../support/tmux.js';

const BIN = join(process.cwd(), 'bin', 'bible.js');

/** The built CLI on a real terminal (tmux), in `dir`, until the screen shows `until`. */
async function onTerminal(dir: string, args: string, steps: Array<[string, string]>): Promise<string> {
  const env = { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1', BIBLE_DATA_DIR: dir, TZ: 'UTC' };
  const term = await TmuxSession.start(`${process.execPath} ${BIN} ${args}`, env);
  try {
    let screen = '';
    for (const [shows, answer] of steps) {
      screen = await term.waitFor(shows, 30_000);
      if (answer) await term.type(answer);
    }
    return screen;
  } finally {
    await term.kill();
  }
}

describe('confirmation before what cannot be undone', () => {
  it('plan stop: off a terminal refused without --yes (exit 2), on one asked y/N', async () => {
    const dir = serviceDataDir();
    const run = (args: string[]) => runCliInProcess(args, { env: { BIBLE_DATA_DIR: dir } });
    expect((await run(['plan', 'start', 'proverbs-31'])).code).toBe(0);
    const refused = await run(['plan', 'stop']);
    expect([refused.code, refused.stdout, refused.stderr]).toEqual([
      2,
      '',
      "bible: plan stop removes proverbs-31's progress, so it asks first (pass --yes off a terminal)\n",
    ]);
    const question = 'Stop Proverbs in 31 days (proverbs-31) and remove its progress (0 of 31 days read)? (y/N)';
    const declined = await onTerminal(dir, 'plan stop', [
      [question, 'n'],
      ['bible: proverbs-31 is not stopped', ''],
    ]);
    expect(declined).not.toContain('Stopped');
    expect(JSON.parse((await run(['plan', 'status', '--json'])).stdout)).toHaveLength(1);
    await onTerminal(dir, 'plan stop proverbs-31', [
      [question, 'y'],
      ['Stopped Proverbs in 31 days (proverbs-31); its progress is removed', ''],
    ]);
    expect((await run(['plan', 'status'])).code).toBe(4);
    await run(['plan', 'start', 'nt-90']);
    expect((await run(['plan', 'stop', '--yes', '--json'])).stdout).toBe('{\n  "stopped": "nt-90"\n}\n');
  });

  it('keys revoke: off a terminal refused without --yes, on one asked y/N', async () => {
    const dir = serviceDataDir();
    const run = (args: string[]) => runCliInProcess(args, { env: { BIBLE_DATA_DIR: dir } });
    const key = await createKey(dir, ['--name', 'partner']);
    const prefix = key.slice(0, 12);
    const refused = await run(['keys', 'revoke', prefix]);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      'bible: keys revoke cannot be undone, so it asks first (pass --yes off a terminal)\n',
    ]);
    expect(JSON.parse((await run(['keys', 'list', '--json'])).stdout)[0].revokedAt).toBeNull();
    await onTerminal(dir, `keys revoke ${prefix}`, [
      [`Revoke ${prefix}… (partner)? It answers 401 from then on (y/N)`, 'y'],
      [`Revoked ${prefix}… (partner)`, ''],
    ]);
    expect(JSON.parse((await run(['keys', 'list', '--json'])).stdout)[0].revokedAt).not.toBeNull();
    const other = (await createKey(dir, ['--name', 'other'])).slice(0, 12);
    expect((await run(['keys', 'revoke', other, '-y'])).stdout).toBe(`Revoked ${other}… (other)\n`);
  });
});

describe('keys: what is stored is what exists, and shows as text', () => {
  it('--scopes names resources of the library; a name holds no control characters and is shown escaped', async () => {
    const dir = serviceDataDir();
    const run = (args: string[]) => runCliInProcess(args, { env: { BIBLE_DATA_DIR: dir } });
    const typo = await run(['keys', 'create', '--name', 'x', '--scopes', 'kjvv,tsk,nave']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^bible: --scopes: the library has no resource 'kjvv' \(it has kjv, .*tsk.*\)\n$/);
    const key = await createKey(dir, ['--name', 'ok', '--scopes', 'kjv,tsk']);
    const update = await run(['keys', 'update', key.slice(0, 12), '--scopes', 'webb']);
    expect(update.stderr).toMatch(/^bible: --scopes: the library has no resource 'webb'/);
    const ansi = await run(['keys', 'create', '--name', '\u001b[31mred\u001b[0m']);
    expect([ansi.code, ansi.stderr]).toEqual([2, 'bible: --name is 1-100 characters without control characters\n']);
    expect((await run(['keys', 'create', '--name', 'n'.repeat(101)])).code).toBe(2);
    // A name stored before the rule (or by another tool) is shown with its escapes visible.
    const db = new Database(join(dir, 'service.sqlite'));
    db.prepare('UPDATE keys SET name = ?').run('\u001b[2Jwiped');
    db.close();
    const list = await run(['keys', 'list']);
    expect(list.stdout).toContain(`${key.slice(0, 12)}…  \\u001b[2Jwiped `);
    expect(list.stdout).not.toContain('\u001b');
  });
});

describe('a base URL with credentials', () => {
  it('--debug and errors show it without the user and password', async () => {
    const r = await runCliInProcess(
      ['--debug', '--no-cache', '--base-url', 'http://someone:s3cret@127.0.0.1:9/', 'passage', 'John 3:16'],
      { env: { BIBLE_API_KEY: 'bbl_test' } },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('debug: GET http://***@127.0.0.1:9/v1/data/catalog (X-API-Key: ***)');
    expect(r.stderr).toContain('cannot reach http://***@127.0.0.1:9');
    expect(r.stderr).not.toContain('s3cret');
    expect(r.stderr).not.toContain('someone');
  });
});
