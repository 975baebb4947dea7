import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { createKey, type Served, serve, serviceDataDir } from '../support/server.js';

// A partner service of the contract that has none of our extensions, and answers a path it does
// not know with the contract's NOT_FOUND in words of its own: the CLI reads its /openapi.json and
// names the missing feature rather than reporting "Not Found" as if a verse were missing.
describe('a service without the extensions that answers NOT_FOUND in its own words', () => {
  let served: Served;
  let older: FaultProxy;
  let key: string;

  beforeAll(async () => {
    const dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'older']);
    served = await serve(dataDir);
    older = await new FaultProxy(served.url).start();
    await older.withoutExtensions();
  }, 60_000);
  afterAll(async () => {
    await older?.stop();
    await served?.stop();
  });

  const viaOlder = (args: string[]) => runCli(args, { env: { BIBLE_BASE_URL: older.url, BIBLE_API_KEY: key } });

  it.each([
    [['find', 'love', '-t', 'kjv'], 'find'],
    [['search', 'faith', '-t', 'kjv'], 'verse search'],
    [['concordance', 'G25', '-t', 'kjv'], "verses by Strong's number"],
    [['genbook', 'list'], 'general books'],
  ])('bible %j: the missing feature is named, exit 1', async (args, feature) => {
    const r = await viaOlder(args);
    expect([r.code, r.stderr, r.stdout]).toEqual([
      1,
      `bible: the service at ${older.url} does not offer ${feature}\n`,
      '',
    ]);
  });

  it('stories past the first page: the missing offset is named, exit 1', async () => {
    const r = await viaOlder(['stories', '--offset', '3', '--limit', '2']);
    expect([r.code, r.stderr, r.stdout]).toEqual([
      1,
      `bible: the service at ${older.url} does not offer story paging (offset); --limit 1 to 100 works\n`,
      '',
    ]);
    // One page of the contract's own still answers.
    expect(JSON.parse((await viaOlder(['stories', '--limit', '2', '--json'])).stdout).stories).toHaveLength(2);
  });

  it("the contract's operations still answer through it", async () => {
    const r = await viaOlder(['passage', 'John 3:16', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).passages[0].verses[0].text).toMatch(/^For God so loved the world/);
  });

  it('a service with the extension: its NOT_FOUND about a resource stays NOT_FOUND (exit 4)', async () => {
    const r = await runCli(['concordance', 'G9999', '-t', 'kjv'], {
      env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: key },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).not.toContain('does not offer');
  });
});
