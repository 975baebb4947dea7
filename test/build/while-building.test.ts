import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtDir } from '../support/build.js';
import { cliEnv } from '../support/cli.js';

interface Run {
  args: string[];
  code: number;
  stderr: string;
}

/** Runs `bible` as a shell finds it after `npm link`: a link to bin/bible.js on the PATH. */
function linkedBible(): (args: string[]) => Promise<Run> {
  const bin = mkdtempSync(join(tmpdir(), 'bible-linked-'));
  symlinkSync(join(process.cwd(), 'bin', 'bible.js'), join(bin, 'bible'));
  const env = cliEnv({ env: { PATH: `${bin}:${process.env.PATH}` } });
  return (args) =>
    new Promise((resolve) =>
      execFile('bible', args, { env, maxBuffer: 1 << 24 }, (error, _stdout, stderr) =>
        resolve({ args, code: error ? Number(error.code ?? 1) : 0, stderr }),
      ),
    );
}

describe('npm run build while a linked bible runs (scripts/build.mjs)', () => {
  it('every run during the build answers, from the old build or the new', async () => {
    const before = builtDir();
    const bible = linkedBible();
    const build = spawn(process.execPath, ['scripts/build.mjs', '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let buildErrors = '';
    build.stderr.setEncoding('utf8').on('data', (d: string) => (buildErrors += d));
    let building = true;
    const built = new Promise<number | null>((resolve) =>
      build.on('close', (code) => {
        building = false;
        resolve(code);
      }),
    );
    // Until the build ends, and once more after: the launcher alone, a lookup through the CLI's
    // bundle, and a chat, which loads the zod bundle late in its run.
    const loop = async (commands: string[][]) => {
      const runs: Run[] = [];
      do for (const args of commands) runs.push(await bible(args));
      while (building);
      for (const args of commands) runs.push(await bible(args));
      return runs;
    };
    const runs = (
      await Promise.all([
        loop([['--version'], ['passage', 'John 3:16', '--no-cache']]),
        loop([['chat', 'what is love', '--no-cache']]),
      ])
    ).flat();
    expect([await built, buildErrors]).toEqual([0, '']);
    expect(runs.filter((r) => r.code !== 0)).toEqual([]);
    // The new build answers from here on; the one it replaced is kept for runs still loading from it.
    const after = builtDir();
    expect(after).not.toBe(before);
    expect(readdirSync('dist').sort()).toEqual([basename(after), basename(before), 'launch.cjs'].sort());
  }, 600_000);
});
