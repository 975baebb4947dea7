import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the find floor', () => {
  it('imports only library and core of ours: never the service above it', () => {
    const files = readdirSync('src/find', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const upward = files.flatMap((f) =>
      [...readFileSync(join('src/find', f), 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)]
        .map((m) => join('src/find', f, '..', m[1] as string))
        .filter((path) => !/^src\/(?:find|library|core)\//.test(path))
        .map((path) => `${f}: ${path}`),
    );
    expect(upward).toEqual([]);
  });
});
