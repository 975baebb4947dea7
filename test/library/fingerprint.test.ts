import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { moduleFingerprints } from '../../src/library/import/import.js';
import { discoverModules } from '../../src/library/sword/discovery.js';
import { itWithSword } from '../support/env.js';
import { runCliInProcess } from '../support/run-cli.js';

const DEBIAN = '/usr/share/sword';

/** A SWORD library of its own holding copies of Scofield (a zCom directory) and Nave (zLD files). */
function swordCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'bible-fingerprint-'));
  mkdirSync(join(root, 'mods.d'));
  for (const [conf, data] of [
    ['scofield.conf', 'modules/comments/zcom/scofield'],
    ['nave.conf', 'modules/lexdict/zld/nave'],
  ] as const) {
    cpSync(join(DEBIAN, 'mods.d', conf), join(root, 'mods.d', conf));
    cpSync(join(DEBIAN, data), join(root, data), { recursive: true });
  }
  return root;
}

/** What a SWORD front-end (BibleTime, Xiphos) leaves when it indexes a module for search. */
function addLuceneIndexes(root: string): void {
  for (const dir of ['modules/comments/zcom/scofield/lucene', 'modules/lexdict/zld/nave/lucene']) {
    mkdirSync(join(root, dir));
    writeFileSync(join(root, dir, 'segments.gen'), 'an index');
  }
}

describe('module fingerprints: what "changed since the last import" compares', () => {
  itWithSword('a lucene/ index beside the data changes nothing; a data file or the .conf does', () => {
    const root = swordCopy();
    const fingerprints = () => moduleFingerprints(discoverModules({ BIBLE_SWORD_PATH: root }).modules);
    const before = fingerprints();
    expect(Object.keys(before).sort()).toEqual([`${root}:Nave`, `${root}:Scofield`]);
    addLuceneIndexes(root);
    expect(fingerprints()).toEqual(before);
    appendFileSync(join(root, 'modules/lexdict/zld/nave/nave.dat'), '\n');
    const dataChanged = fingerprints();
    expect(dataChanged[`${root}:Nave`]).not.toBe(before[`${root}:Nave`]);
    expect(dataChanged[`${root}:Scofield`]).toBe(before[`${root}:Scofield`]);
    const conf = join(root, 'mods.d', 'scofield.conf');
    writeFileSync(conf, `${readFileSync(conf, 'utf8')}\nTextSource=edited\n`);
    expect(fingerprints()[`${root}:Scofield`]).not.toBe(before[`${root}:Scofield`]);
  });

  itWithSword(
    'bible library status: no change reported after a front-end indexes the modules; one after a .conf edit',
    async () => {
      const root = swordCopy();
      const env = { BIBLE_SWORD_PATH: root, BIBLE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bible-fingerprint-data-')) };
      const changed = async () => {
        const r = await runCliInProcess(['library', 'status', '--json'], { env });
        expect([r.code, r.stderr]).toEqual([0, '']);
        return (JSON.parse(r.stdout) as { changedSinceImport: boolean }).changedSinceImport;
      };
      expect((await runCliInProcess(['library', 'import', '--quiet'], { env })).code).toBe(0);
      expect(await changed()).toBe(false);
      addLuceneIndexes(root);
      expect(await changed()).toBe(false);
      appendFileSync(join(root, 'mods.d', 'nave.conf'), '\nTextSource=edited\n');
      expect(await changed()).toBe(true);
    },
    240_000, // a limit for the import on a loaded machine, not a measure
  );
});
