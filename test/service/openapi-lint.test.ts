import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { createApp } from '../../src/service/app.js';
import { TEST_LIBRARY } from '../support/env.js';

type Doc = { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };

describe('the served /openapi.json', () => {
  let store: LibraryStore;
  let doc: Doc;
  beforeAll(async () => {
    store = new LibraryStore(TEST_LIBRARY);
    doc = (await (await (await createApp({ store, env: {} })).request('/openapi.json')).json()) as Doc;
  });
  afterAll(() => store.close());

  it('lists chat and gives every operation its own operationId', () => {
    expect(doc.paths['/v1/chat']?.post).toMatchObject({ operationId: 'chat', tags: ['chat'] });
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents a route's parameters from the notes its request schemas carry (zod's .meta())", () => {
    const op = doc.paths['/v1/data/bible/{translation}/{book}/{chapter}']?.get as unknown as {
      parameters: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>;
    };
    const param = (name: string) => op.parameters.find((p) => p.name === name);
    expect(param('translation')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1, description: 'Translation id from the catalog (case-insensitive)' },
    });
    expect(param('chapter')).toEqual({
      in: 'path',
      name: 'chapter',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    });
    expect(param('include')).toMatchObject({ in: 'query', schema: { type: 'string', 'x-extension': true } });
  });

  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bible-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    // The project's redocly.yaml (recommended rules) applies: run from the project root.
    const { stdout } = await promisify(execFile)('node_modules/.bin/redocly', ['lint', file, '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(stdout) as { totals: object; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
