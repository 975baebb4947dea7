import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the client floor', () => {
  it('imports nothing of ours but core (the embedded transport is composed in the CLI)', () => {
    const upward = readdirSync('src/client')
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...readFileSync(join('src/client', f), 'utf8').matchAll(/(?:from|import\()\s*'(\.\.\/[^']+)'/g)]
          .map((m) => m[1] as string)
          .filter((spec) => !spec.startsWith('../core/'))
          .map((spec) => `${f}: ${spec}`),
      );
    expect(upward).toEqual([]);
  });
});
