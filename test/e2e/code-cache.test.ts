import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli.js';

/** The built CLI's V8 code cache (src/cli/launch.ts), under the cache dir: speed only, never an answer. */
describe('the code cache of the built CLI', () => {
  const passage = ['passage', 'John 3:16', '--no-cache'];

  it('is one per command, written by its first successful run; answers stay the same', async () => {
    const home = tempHome();
    const env = { HOME: home };
    const dir = join(home, '.cache', 'bible', 'code');
    const first = await runCli(passage, { env });
    expect(first.code).toBe(0);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^cli-[0-9a-f-]{36}-v\d+\.\d+\.\d+-passage\.v8$/);
    const cache = join(dir, files[0] as string);
    const written = readFileSync(cache);

    const again = await runCli(passage, { env });
    expect(again).toEqual(first);
    expect(readFileSync(cache).equals(written)).toBe(true);

    expect((await runCli(['strongs', 'G26', '--no-cache'], { env })).code).toBe(0);
    expect((await runCli(['--help'], { env })).code).toBe(0);
    // A word that names no command fails, and neither it nor a failure keeps a cache.
    expect((await runCli(['pasage', 'John 3:16'], { env })).code).toBe(2);
    expect((await runCli(['commentary', 'John 99:1', '--no-cache'], { env })).code).not.toBe(0);
    expect(
      readdirSync(dir)
        .map((f) => f.replace(/^cli-[0-9a-f-]{36}-v[\d.]+-/, ''))
        .sort(),
    ).toEqual(['help.v8', 'passage.v8', 'strongs.v8']);
  });

  it('zod, a bundle apart, is loaded only by a command that needs it, through a cache of its own', async () => {
    const home = tempHome();
    const env = { HOME: home };
    const dir = join(home, '.cache', 'bible', 'code');
    expect((await runCli(passage, { env })).code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.startsWith('zod-'))).toEqual([]);
    // /openapi.json is written by the whole app, from the routes' zod schemas.
    const openapi = await runCli(['api', '/openapi.json'], { env });
    expect(openapi.code).toBe(0);
    const zod = readdirSync(dir).filter((f) => f.startsWith('zod-'));
    expect(zod).toHaveLength(1);
    expect(zod[0]).toMatch(/^zod-[0-9a-f-]{36}-v\d+\.\d+\.\d+-api\.v8$/);
    expect(await runCli(['api', '/openapi.json'], { env })).toEqual(openapi);
  });

  it('a damaged cache is rejected by V8 and rewritten: the answer is the same', async () => {
    const home = tempHome();
    const env = { HOME: home };
    const dir = join(home, '.cache', 'bible', 'code');
    const first = await runCli(passage, { env });
    const cache = join(dir, readdirSync(dir).find((f) => f.endsWith('.v8')) as string);
    const good = readFileSync(cache);
    writeFileSync(cache, Buffer.alloc(good.length, 7));
    expect(await runCli(passage, { env })).toEqual(first);
    expect(readFileSync(cache).equals(Buffer.alloc(good.length, 7))).toBe(false);
  });
});
