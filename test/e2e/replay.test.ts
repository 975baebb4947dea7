import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtinsLoadedBy, cliEnv, packagesLoadedBy, runCli, tempHome } from '../support/cli.js';
import { TEST_LIBRARY } from '../support/env.js';

/**
 * A repeated lookup is answered by the launcher from the output the same lookup printed before
 * (src/cli/replay.ts). Whether a run was replayed shows in what it loads: a run of the CLI reads
 * the response cache, which hashes with node:crypto; a replay loads neither.
 */
describe('the replay of a repeated lookup (built CLI)', () => {
  const passage = ['passage', 'John 3:16'];
  const replayedRun = async (args: string[], env: NodeJS.ProcessEnv) =>
    !(await builtinsLoadedBy(args, { env })).includes('crypto');

  /** A home, and a data dir of its own holding the test library (the workspace is written there). */
  function place(): NodeJS.ProcessEnv {
    const home = tempHome();
    const data = join(home, 'data');
    mkdirSync(data);
    symlinkSync(TEST_LIBRARY, join(data, 'library.sqlite'));
    return { HOME: home, BIBLE_DATA_DIR: data };
  }

  it('prints exactly what the lookup printed, and does not run it again', async () => {
    const env = place();
    const first = await runCli(passage, { env });
    expect(first.code).toBe(0);
    expect(await replayedRun(passage, env)).toBe(true);
    expect(await runCli(passage, { env })).toEqual(first);
    expect(await runCli([...passage, '--json'], { env })).toEqual(await runCli([...passage, '--json'], { env }));
    // Never with --no-cache, and never what failed.
    expect(await packagesLoadedBy([...passage, '--no-cache'], { env })).toEqual(['better-sqlite3']);
    const bad = ['passage', 'Hezekiah 1:1'];
    expect((await runCli(bad, { env })).code).toBe(4);
    expect(await runCli(bad, { env })).toMatchObject({ code: 4 });
    await expect(builtinsLoadedBy(bad, { env })).rejects.toThrow(/failed \(4\)/);
  });

  it('a changed setting, or a note added, shows at once', async () => {
    const env = place();
    await runCli(passage, { env });
    expect((await runCli(['config', 'set', 'translation', 'web'], { env })).code).toBe(0);
    const web = await runCli(passage, { env });
    expect(web.stdout).toContain('John 3:16 (WEB)');
    expect(web).toEqual(await runCli([...passage, '--no-cache'], { env }));

    expect((await runCli(['note', 'add', 'John 3:16', 'the gospel in brief'], { env })).code).toBe(0);
    const noted = await runCli([...passage, '--notes-inline'], { env });
    expect(noted.stdout).toContain('the gospel in brief');
    // Once the workspace has settled (a second), its state is part of the key, not only its recency.
    await sleep(1100);
    const marked = [...passage, '--notes-inline'];
    const settled = await runCli(marked, { env });
    expect(settled).toEqual(await runCli([...marked, '--no-cache'], { env }));
    expect(settled.stdout).toContain('✎');
    expect(await replayedRun(marked, env)).toBe(true);
    expect((await runCli(['note', 'rm', '1'], { env })).code).toBe(0);
    await sleep(1100);
    const removed = await runCli(marked, { env });
    expect(removed.stdout).not.toContain('✎');
    expect(removed).toEqual(await runCli([...marked, '--no-cache'], { env }));
  });

  it('a replay piped into `head` ends quietly, as the CLI does', async () => {
    // PWD as sh sets it for the command it runs: the environment is part of the replay's key.
    const env = { ...place(), PWD: process.cwd() };
    const genesis = ['passage', 'Genesis 1-50']; // some 200 kB: more than a pipe holds
    const whole = await runCli(genesis, { env });
    expect(await replayedRun(genesis, env)).toBe(true);
    const piped = await promisify(execFile)(
      'sh',
      ['-c', `"${process.execPath}" bin/bible.js passage "Genesis 1-50" | head -n 2`],
      { env: cliEnv({ env }) },
    );
    expect(piped).toEqual({ stdout: `${whole.stdout.split('\n').slice(0, 2).join('\n')}\n`, stderr: '' });
  });
});
