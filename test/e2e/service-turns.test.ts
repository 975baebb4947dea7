import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type Served, serve, serviceDataDir } from '../support/server.js';

const FINDS = 60;
const find = (i: number) => `/v1/data/bible/kjv/find?q=${encodeURIComponent(`who was the shepherd of Israel ${i}`)}`;

/** A GET that resolves with its status and error message, and the order in which it was answered. */
function counted(url: string, key: string, order: string[], name: string) {
  return fetch(url, { headers: { 'X-API-Key': key } }).then(
    async (res) => {
      const body = (await res.json()) as { error?: { message: string } };
      order.push(name);
      return { status: res.status, message: body.error?.message };
    },
    // A stopping server resets the connections it has not read a request from yet.
    (err: Error & { cause?: { code?: string } }) => ({ status: 0, message: err.cause?.code ?? err.message }),
  );
}

// A data request reads the library synchronously. Run as they came in, a hundred finds held the
// thread for their whole time together: /healthz waited behind all of them, and a SIGTERM too.
describe('bible serve runs data requests one turn at a time', () => {
  let dataDir: string;
  let key: string;
  let server: Served;

  beforeAll(async () => {
    dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'busy', '--daily', '100000']);
    server = await serve(dataDir, ['--quiet']);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers /healthz between them, not after every data request sent before it', async () => {
    const order: string[] = [];
    const finds = Array.from({ length: FINDS }, (_, i) => counted(server.url + find(i), key, order, 'find'));
    // Once the first find is answered the rest are in, waiting their turns.
    while (!order.length) await new Promise((r) => setTimeout(r, 5));
    const health = await counted(`${server.url}/healthz`, key, order, 'healthz');
    const answers = await Promise.all(finds);
    expect(health.status).toBe(200);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // healthz waited for the find in progress, not for the ones queued behind it.
    expect(order.indexOf('healthz')).toBeLessThan(FINDS / 2);
  }, 120_000);

  it('on SIGTERM refuses the requests still waiting, in the envelope, and stops', async () => {
    const order: string[] = [];
    const finds = Array.from({ length: FINDS }, (_, i) => counted(server.url + find(i + FINDS), key, order, 'find'));
    while (!order.length) await new Promise((r) => setTimeout(r, 5));
    const code = await server.stop('SIGTERM');
    const answers = await Promise.all(finds);
    expect(code).toBe(0);
    expect(server.output()).toMatch(/SIGTERM: finishing open requests and stopping\n\S+Z bible serve: stopped\n$/);
    const refused = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.message}`);
    const stopping = '500 the service is stopping; the request is safe to retry';
    // Those that had not had their turn were not worked through before the node stopped: answered
    // in the envelope, or (a keep-alive connection the client reused as the server closed it) reset.
    expect(refused.length).toBeGreaterThan(FINDS / 2);
    expect(refused).toContain(stopping);
    expect(refused.filter((r) => r !== stopping && r !== '0 ECONNRESET')).toEqual([]);
  }, 120_000);
});
