import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CATALOG_UNPACKED_BYTES } from '../../src/library/install/bounds.js';
import { readCatalog } from '../../src/library/install/catalog.js';
import { localCopy, readWhole } from '../../src/library/install/download.js';
import { resolveRepository } from '../../src/library/install/repository.js';

/** A server whose answers break the rules a download is held to, each at its own path. */
let server: Server;
let base: URL;
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = Buffer.alloc(2000, 0x61);
    if (req.url === '/declared') res.writeHead(200, { 'content-length': body.length }).end(body);
    else if (req.url === '/undeclared') {
      res.writeHead(200);
      res.write(body.subarray(0, 1000));
      res.end(body.subarray(1000));
    } else if (req.url === '/cut') {
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, 500), () => res.destroy());
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});
afterAll(() => server.close());

describe('where modules come from', () => {
  it('a known name is its catalog and package directories; a URL or directory is a root laid out as CrossWire’s', () => {
    const crosswire = resolveRepository('CrossWire');
    expect(crosswire.catalog).toEqual({ url: new URL('https://crosswire.org/ftpmirror/pub/sword/raw/') });
    expect(crosswire.packages).toEqual({ url: new URL('https://crosswire.org/ftpmirror/pub/sword/packages/rawzip/') });
    const mirror = resolveRepository('https://example.org/pub/sword');
    expect(mirror.catalog).toEqual({ url: new URL('https://example.org/pub/sword/raw/') });
    expect(mirror.packages).toEqual({ url: new URL('https://example.org/pub/sword/packages/rawzip/') });
    const dir = mkdtempSync(join(tmpdir(), 'bible-repo-'));
    expect(resolveRepository(dir)).toEqual({
      name: dir,
      catalog: { dir: join(dir, 'raw') },
      packages: { dir: join(dir, 'packages', 'rawzip') },
    });
    expect(resolveRepository(`file://${dir}`).packages).toEqual({ dir: join(dir, 'packages', 'rawzip') });
  });

  it('a download larger than its bound is refused, by its Content-Length or by the bytes counted; one cut short is said so', async () => {
    const where = (path: string) => new URL(path, base).href;
    await expect(readWhole({ url: base }, 'declared', 1999, 'the catalog')).rejects.toThrow(
      `the catalog at ${where('declared')} is larger than 1999 bytes: refused`,
    );
    await expect(readWhole({ url: base }, 'undeclared', 1999, 'the catalog')).rejects.toThrow(
      `the catalog at ${where('undeclared')} is larger than 1999 bytes: refused`,
    );
    expect((await readWhole({ url: base }, 'undeclared', 2000, 'the catalog')).length).toBe(2000);
    const scratch = join(mkdtempSync(join(tmpdir(), 'bible-dl-')), 'p.zip');
    await expect(localCopy({ url: base }, 'cut', 1 << 20, 'the package', scratch)).rejects.toThrow(
      new RegExp(`^the package at ${where('cut')} was cut short after 500 bytes`),
    );
    await expect(readWhole({ url: base }, 'nothing', 1 << 20, 'the catalog')).rejects.toMatchObject({
      message: `the catalog at ${where('nothing')}: HTTP 404`,
      kind: 'not-found',
    });
  });

  it('a catalog that unpacks past its bound is refused before it is read', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bible-repo-'));
    mkdirSync(join(root, 'raw'));
    writeFileSync(join(root, 'raw', 'mods.d.tar.gz'), gzipSync(Buffer.alloc(MAX_CATALOG_UNPACKED_BYTES + 1)));
    await expect(readCatalog(resolveRepository(root))).rejects.toThrow(
      `the catalog at ${join(root, 'raw', 'mods.d.tar.gz')} unpacks to more than 64 MB: refused`,
    );
  });
});
