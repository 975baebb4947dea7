import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtDir } from '../support/build.js';

/** What the build (tsup.config.ts) does to the CLI's bundle for a lookup at a terminal. */
describe('the built CLI bundle', () => {
  const bundle = readFileSync(join(builtDir(), 'cli.cjs'), 'latin1');

  it('holds chalk and wrap-ansi, which colour and wrap every lookup at a terminal, rather than loading them as ES modules', () => {
    expect(bundle).not.toMatch(/require\("(chalk|wrap-ansi)"\)/);
    expect(bundle).toContain('function wrapAnsi(string,columns,options)');
    expect(bundle).toContain('function createChalk(');
  });

  it("makes string-width's Intl.Segmenter on first use, not when the module is evaluated (~10 ms)", () => {
    expect(bundle).toContain('(segmenter??=new Intl.Segmenter).segment(');
    expect(bundle).not.toMatch(/segmenter=new Intl\.Segmenter/);
  });
});
