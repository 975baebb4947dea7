import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itWithPg, PG_AVAILABLE, type PgCluster, startPgCluster } from '../support/pg.js';
import { runCliInProcess } from '../support/run-cli.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

/** Two `bible serve --db` nodes on one PostgreSQL database, as behind a load balancer. */
describe('several nodes on one PostgreSQL database', () => {
  let cluster: PgCluster;
  let nodes: Served[] = [];
  const dataDir = serviceDataDir();
  const key = (args: string[]) => createKey(dataDir, ['--db', cluster.url, ...args]);
  const passage = '/v1/data/bible/kjv/passage?ref=John%203:16';
  const chat = (node: Served, k: string, dispatcher: Agent) =>
    fetch(`${node.url}/v1/chat`, {
      dispatcher,
      method: 'POST',
      headers: { 'X-API-Key': k, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'What does John 3:16 say?' }),
    }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { error?: { code: string } }).error?.code }));

  beforeAll(async () => {
    if (!PG_AVAILABLE) return;
    cluster = await startPgCluster();
    // The first node migrates the empty database; the second finds it done.
    nodes = [await serve(dataDir, ['--db', cluster.url])];
    nodes.push(await serve(dataDir, [], { BIBLE_SERVICE_DB: cluster.url }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    cluster?.remove();
  });

  itWithPg(
    '200 concurrent data requests over both nodes against a key with 50 left: exactly 50 succeed',
    async () => {
      const k = await key(['--name', 'data50', '--daily', '50']);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => get((nodes[i % 2] as Served).url, passage, { 'X-API-Key': k })),
      );
      const statuses = answers.map((a) => a.status);
      expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 429).length]).toEqual([50, 150]);
      expect(new Set(answers.filter((a) => a.status === 429).map((a) => a.body.error?.code))).toEqual(
        new Set(['DAILY_LIMIT_EXCEEDED']),
      );
      const list = await runCliInProcess(['keys', 'list', '--json', '--db', cluster.url], {
        env: { BIBLE_DATA_DIR: dataDir },
      });
      const row = (JSON.parse(list.stdout) as { name: string; usage: { dataToday: number } }[]).find(
        (r) => r.name === 'data50',
      );
      expect(row?.usage.dataToday).toBe(50);
    },
    60_000,
  );

  itWithPg(
    '200 concurrent chat messages over both nodes: exactly 50 by the daily limit, then by the monthly',
    async () => {
      for (const [args, code] of [
        [['--chat-daily', '50', '--chat-monthly', '1000'], 'DAILY_LIMIT_EXCEEDED'],
        [['--chat-daily', '1000', '--chat-monthly', '50'], 'MONTHLY_LIMIT_EXCEEDED'],
      ] as const) {
        const k = await key(['--name', `chat-${code}`, ...args]);
        // New connections for each burst: a node closes one idle past its keep-alive time, and
        // this process, busy with the CLI when that came, would send a POST on it (not retried).
        const burst = new Agent();
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) => chat(nodes[i % 2] as Served, k, burst)),
        ).finally(() => burst.close());
        // Each node's 100 messages go to the database in batches, each waiting its turn for one of
        // the node's connections (PG_POOL_WAIT_MS): on a loaded machine none is answered 5xx.
        expect(answers.filter((a) => a.status >= 500)).toEqual([]);
        const tally = (status: number, c?: string) => answers.filter((a) => a.status === status && a.code === c).length;
        expect([tally(200), tally(429, code)]).toEqual([50, 150]);
      }
    },
    120_000,
  );

  itWithPg(
    'a key revoked with bible keys --db is refused by both nodes within 1 s',
    async () => {
      const k = await key(['--name', 'revoke-me']);
      for (const node of nodes) expect((await get(node.url, passage, { 'X-API-Key': k })).status).toBe(200);
      const r = await runCliInProcess(['keys', 'revoke', '--yes', '--db', cluster.url, k.slice(0, 12)], {
        env: { BIBLE_DATA_DIR: dataDir },
      });
      expect(r.code).toBe(0);
      await new Promise((done) => setTimeout(done, 1_000));
      for (const node of nodes) {
        const a = await get(node.url, passage, { 'X-API-Key': k });
        expect([a.status, a.body.error?.code]).toEqual([401, 'INVALID_API_KEY']);
      }
    },
    30_000,
  );

  itWithPg(
    'kill -9 of a node mid-burst loses no counted unit and double-counts none beyond those it was answering',
    async () => {
      const k = await key(['--name', 'killed', '--daily', '10000']);
      const [victim, survivor] = nodes as [Served, Served];
      let victimAnswers = 0;
      const send = (node: Served) =>
        get(node.url, passage, { 'X-API-Key': k }).then(
          (a) => {
            // Killed while it is answering the rest of the burst.
            if (node === victim && ++victimAnswers === 10) victim.child.kill('SIGKILL');
            return a.status;
          },
          () => 0, // the connection died with the node
        );
      const statuses = await Promise.all(Array.from({ length: 600 }, (_, i) => send(i % 2 ? survivor : victim)));
      // A new node takes the killed one's place on the same database.
      nodes[0] = await serve(dataDir, ['--db', cluster.url]);
      const answered = statuses.filter((s) => s === 200).length;
      const cut = statuses.filter((s) => s === 0).length;
      const list = await runCliInProcess(['keys', 'list', '--json', '--db', cluster.url], {
        env: { BIBLE_DATA_DIR: dataDir },
      });
      const used = (JSON.parse(list.stdout) as { name: string; usage: { dataToday: number } }[]).find(
        (r) => r.name === 'killed',
      )?.usage.dataToday;
      expect(statuses.every((s) => s === 200 || s === 0)).toBe(true);
      expect(cut).toBeGreaterThan(0);
      expect(used).toBeGreaterThanOrEqual(answered);
      expect(used).toBeLessThanOrEqual(answered + cut);
      expect((await get((nodes[0] as Served).url, passage, { 'X-API-Key': k })).status).toBe(200);
    },
    60_000,
  );

  itWithPg(
    'the database down: 500 INTERNAL_ERROR (bounded), the node stays up, and recovers when it returns',
    async () => {
      const k = await key(['--name', 'outage']);
      const node = nodes[0] as Served;
      expect((await get(node.url, passage, { 'X-API-Key': k })).status).toBe(200);
      cluster.stop();
      try {
        // Under load: a burst while the database is away, each answered (not hung) in the envelope.
        const during = await Promise.all(Array.from({ length: 20 }, () => get(node.url, passage, { 'X-API-Key': k })));
        for (const a of during)
          expect([a.status, a.body.success, a.body.error?.code]).toEqual([500, false, 'INTERNAL_ERROR']);
        const ready = await fetch(`${node.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await fetch(`${node.url}/healthz`).then((r) => r.status)).toBe(200);
      } finally {
        cluster.start();
      }
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await get(node.url, passage, { 'X-API-Key': k })).status;
        if (status !== 200) await new Promise((done) => setTimeout(done, 200));
      }
      expect(status).toBe(200);
      expect(node.child.exitCode).toBeNull();
      expect(node.output()).not.toContain(k);
    },
    60_000,
  );
});

describe('--db and BIBLE_SERVICE_DB', () => {
  it('a URL that is not PostgreSQL is a usage error; an unreachable database is one line without the password', async () => {
    const env = { BIBLE_DATA_DIR: serviceDataDir() };
    const bad = await runCliInProcess(['keys', 'list', '--db', 'mysql://x'], { env });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'bible: --db (or BIBLE_SERVICE_DB) takes a postgres:// or postgresql:// URL\n',
    ]);
    const down = await runCliInProcess(['keys', 'list'], {
      env: { ...env, BIBLE_SERVICE_DB: 'postgres://bob:s3cret@127.0.0.1:1/db' },
    });
    expect([down.code, down.stderr]).toEqual([
      1,
      'bible: cannot open the state database postgres://bob@127.0.0.1:1/db: connect ECONNREFUSED 127.0.0.1:1\n',
    ]);
  });
});
