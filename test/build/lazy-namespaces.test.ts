import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyNamespaces } from '../../scripts/lazy-namespaces.js';
import { builtDir } from '../support/build.js';

describe("the build's lazy namespaces (scripts/lazy-namespaces.ts)", () => {
  it("moves a lazy module's __export into its init, on the init's line, leaving the line count", () => {
    const bundle = [
      '// src/a.ts',
      'var a_exports = {};',
      '__export(a_exports, {',
      '  one: () => one,',
      '  two: () => two',
      '});',
      'function one() {}',
      'var two;',
      'var init_a = __esm({',
      '  "src/a.ts"() {',
      '    two = 2;',
      '  }',
      '});',
      '',
      '// src/main.ts',
      'var main_exports = {};',
      '__export(main_exports, {',
      '  main: () => main',
      '});',
      'module.exports = __toCommonJS(main_exports);',
    ].join('\n');
    const out = lazyNamespaces(bundle).split('\n');
    expect(out).toEqual([
      '// src/a.ts',
      'var a_exports = {};',
      '',
      '',
      '',
      '',
      'function one() {}',
      'var two;',
      'var init_a = __esm({',
      '  "src/a.ts"() { __export(a_exports, { one: () => one, two: () => two });',
      '    two = 2;',
      '  }',
      '});',
      '',
      '// src/main.ts',
      'var main_exports = {};',
      '__export(main_exports, {',
      '  main: () => main',
      '});',
      'module.exports = __toCommonJS(main_exports);',
    ]);
  });

  it('leaves the built CLI one namespace at its top level: the entry', () => {
    // The bundle is written without whitespace (tsup.config.ts): a namespace moved into its
    // module's init opens it, `"src/a.ts"(){__export(a_exports,…`; any other is at the top level.
    const exports = [...readFileSync(join(builtDir(), 'cli.cjs'), 'latin1').matchAll(/(.{3})__export\((\w+),/g)];
    expect(exports.length).toBeGreaterThan(50);
    expect(exports.filter(([, before]) => before !== '(){').map(([, , name]) => name)).toEqual(['main_exports']);
  });
});
