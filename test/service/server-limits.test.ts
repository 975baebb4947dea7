import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { KeyStore, SERVER_STORE_OPTIONS } from '../../src/service/keys/key-store.js';
import { SERVER_LIMITS } from '../../src/service/limits.js';
import { type RunningServer, startServer } from '../../src/service/server.js';
import { TEST_LIBRARY } from '../support/env.js';
import { until } from '../support/until.js';

/** A raw TCP client (from a loopback address of its own, when given): what it received, and whether the server closed the connection. */
function rawClient(
  url: string,
  localAddress?: string,
): Promise<{ socket: Socket; received: () => string; closed: () => boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let data = '';
    let closed = false;
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () =>
      resolve({ socket, received: () => data, closed: () => closed }),
    );
    socket.setEncoding('utf8').on('data', (d: string) => (data += d));
    socket.on('close', () => (closed = true));
    socket.on('error', reject);
  });
}

describe('bible serve bounds slow clients and connections', () => {
  let store: LibraryStore;
  let keys: KeyStore;
  let server: RunningServer;
  const limits = {
    headersTimeoutMs: 300,
    requestTimeoutMs: 800,
    checkIntervalMs: 50,
    maxConnections: 4,
    maxConnectionsPerAddress: 2,
  };

  beforeAll(async () => {
    store = new LibraryStore(TEST_LIBRARY);
    keys = new KeyStore(join(mkdtempSync(join(tmpdir(), 'bible-limits-')), 'service.sqlite'), SERVER_STORE_OPTIONS);
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      store,
      keys,
      log: () => {},
      logError: () => {},
      limits,
    });
  });

  afterAll(async () => {
    await server?.close();
    keys?.close();
    store?.close();
  });

  it('sets its own timeouts and cap, tighter than Node defaults (60 s for headers, 300 s for a request, no cap)', () => {
    expect(SERVER_LIMITS).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 512,
      maxConnectionsPerAddress: 256,
      checkIntervalMs: 1_000,
    });
  });

  it('states its limits in /openapi.json', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      info: { description: string };
      components: { schemas: { ChatRequest: { description: string } } };
    };
    expect(doc.info.description).toContain(
      'Limits: a chat body of at most 786432 bytes (768 KiB), read no further, as Content-Type application/json;',
    );
    for (const part of [
      'a book name at most 40 characters',
      "the q of a Strong's, topic, dictionary or story search at most 200 characters and 16 words, a verse search at most 500 characters and 32 terms, each prefix (word*) of at least 2 letters (400 INVALID_REQUEST)",
      'request headers within 10 s and the whole request within 30 s',
      'idle keep-alive connections closed after 5 s, at most 512 connections (256 from one address)',
      'answers cached in memory up to 32 MiB (512 KiB each)',
      'waits up to 200 ms, then answers 500 INTERNAL_ERROR (safe to retry)',
      'Every 429 carries Retry-After',
    ])
      expect(doc.info.description).toContain(part);
    expect(doc.components.schemas.ChatRequest.description).toContain('the whole body at most 786432 bytes');
  });

  it('answers 408 and closes a connection whose headers never finish', async () => {
    const c = await rawClient(server.url);
    c.socket.write('GET /v1/data/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await until(c.closed, 'the server to close the connection', 10_000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection that drips its body', async () => {
    const { key } = keys.create('drip', 'all');
    const c = await rawClient(server.url);
    c.socket.write(
      `POST /v1/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    for (let i = 0; i < 100 && !c.closed(); i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (!c.closed()) c.socket.write(' ');
    }
    expect(c.closed()).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('refuses a request in absolute form that names another host', async () => {
    const c = await rawClient(server.url);
    const { host } = new URL(server.url);
    c.socket.write(`GET http://evil.example/v1/data/catalog HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    await until(c.closed, 'the answer', 10_000);
    const [head = '', body = ''] = c.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({
      success: false,
      error: { code: 'INVALID_REQUEST', message: 'the request names another host; this server is not a proxy' },
    });
    const same = await rawClient(server.url);
    same.socket.write(`GET ${server.url}/v1/data/catalog HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    await until(same.closed, 'the answer', 10_000);
    expect(same.received()).toMatch(/^HTTP\/1\.1 401 /);
  });
  it(`closes connections beyond its cap as they arrive, and serves again once one ends`, async () => {
    // From two addresses, within the share of each.
    const open = await Promise.all(
      Array.from({ length: limits.maxConnections }, (_, i) => rawClient(server.url, `127.0.0.${2 + (i % 2)}`)),
    );
    const over = await rawClient(server.url, '127.0.0.4');
    await until(over.closed, 'the connection over the cap to be closed', 10_000);
    expect(over.received()).toBe('');
    open[0]?.socket.destroy();
    await until(() => open[0]?.closed() === true, 'the first connection to end', 10_000);
    const res = await fetch(`${server.url}/v1/data/catalog`);
    expect(res.status).toBe(401);
    await res.arrayBuffer();
    for (const c of open) c.socket.destroy();
    await until(() => open.every((c) => c.closed()), 'every connection to end', 10_000);
  });

  it('closes a connection from an address that holds its share of them, and serves other addresses', async () => {
    const share = await Promise.all(
      Array.from({ length: limits.maxConnectionsPerAddress }, () => rawClient(server.url, '127.0.0.5')),
    );
    const over = await rawClient(server.url, '127.0.0.5');
    await until(over.closed, 'the connection over the share to be closed', 10_000);
    expect(over.received()).toBe('');
    const other = await rawClient(server.url, '127.0.0.6');
    other.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await until(other.closed, 'the answer', 10_000);
    expect(other.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of share) c.socket.destroy();
    await until(() => share.every((c) => c.closed()), 'every connection to end', 10_000);
  });
});
