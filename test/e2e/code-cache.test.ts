import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli.js';

/** The built CLI's V8 code cache (src/cli/launch.ts), under the cache dir: speed only, never an answer. */
describe('the code cache of the built CLI', () => {
  const passage = ['passage', 'John 3:16', '--no-cache'];

  it('is written by the first run and grown by a quick run of a command it does not cover; answers stay the same', async () => {
    const home = tempHome();
    const env = { HOME: home };
    const dir = join(home, '.cache', 'bible', 'code');
    const first = await runCli(passage, { env });
    expect(first.code).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^cli-[0-9a-f-]{36}-v\d+\.\d+\.\d+\.v8$/);
    expect(files[1]).toBe(`${files[0]}.commands`);
    const cache = join(dir, files[0] as string);
    expect(readFileSync(`${cache}.commands`, 'utf8')).toBe('passage');

    const again = await runCli(passage, { env });
    expect(again).toEqual(first);
    expect(readFileSync(`${cache}.commands`, 'utf8')).toBe('passage');

    expect((await runCli(['strongs', 'G26', '--no-cache'], { env })).code).toBe(0);
    expect(readFileSync(`${cache}.commands`, 'utf8')).toBe('passage\nstrongs');
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
    const zod = readdirSync(dir)
      .filter((f) => f.startsWith('zod-'))
      .sort();
    expect(zod).toHaveLength(2);
    expect(zod[0]).toMatch(/^zod-[0-9a-f-]{36}-v\d+\.\d+\.\d+\.v8$/);
    expect(readFileSync(join(dir, `${zod[0]}.commands`), 'utf8')).toBe('api');
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
