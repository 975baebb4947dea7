import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinsLoadedBy, packagesLoadedBy } from '../support/cli.js';

/**
 * Every `bible` run loads what src/cli/main.ts imports statically, so the heavy packages (zod,
 * the OpenAPI app, the HTTP client, SQLite) must come in through `await import()` in the
 * commands that use them. Walks the static, value (not `import type`) imports and re-exports
 * (`export … from`: an index that re-exports a zod schema loads zod) of the sources.
 */
function staticPackages(entry: string): Map<string, string[]> {
  const chainTo = new Map<string, string[]>([[entry, [entry]]]);
  const packages = new Map<string, string[]>();
  const queue = [entry];
  for (let file = queue.shift(); file; file = queue.shift()) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s*'([^']+)'/gms)) {
      const [, what = '', spec = ''] = m;
      const names = what.trim();
      const typeOnly =
        /^\{[^}]*\}$/s.test(names) &&
        names
          .replace(/[{}\s]/g, '')
          .split(',')
          .filter(Boolean)
          .every((n) => n.startsWith('type'));
      if (typeOnly) continue;
      const chain = chainTo.get(file) ?? [file];
      if (spec.startsWith('.')) {
        const next = normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts');
        if (existsSync(next) && !chainTo.has(next)) {
          chainTo.set(next, [...chain, next]);
          queue.push(next);
        }
      } else if (!spec.startsWith('node:') && !packages.has(spec)) {
        packages.set(spec, chain);
      }
    }
  }
  return packages;
}

describe("the CLI's start-up path", () => {
  it('loads no schema, server, HTTP or SQLite package statically', () => {
    const packages = staticPackages('src/cli/main.ts');
    const heavy = [
      'zod',
      '@hono/zod-openapi',
      'hono',
      '@hono/node-server',
      'undici',
      'better-sqlite3',
      'gpt-tokenizer',
    ];
    const found = heavy.filter((p) => packages.has(p)).map((p) => `${p}: ${packages.get(p)?.join(' -> ')}`);
    expect(found).toEqual([]);
    expect([...packages.keys()].sort()).toEqual(['commander']);
  });
});

describe("the built CLI's start-up", () => {
  it('an embedded lookup loads the SQLite addon and nothing else of node_modules: no HTTP, server or schema package', async () => {
    // better-sqlite3's JavaScript is in the bundle: only its addon is loaded from its package.
    expect(await packagesLoadedBy(['passage', 'John 3:16', '--no-cache'])).toEqual(['better-sqlite3']);
  });

  it('help loads no package at all', async () => {
    expect(await packagesLoadedBy(['--help'])).toEqual([]);
  });

  it('neither a lookup nor help loads the builtins it does not use: crypto, child_process, perf_hooks (~2 ms each), over pipes net, stream and tty (~3 ms: src/cli/direct-output.ts), module (with the ES module loader) and os (~0.2 ms each)', async () => {
    const heavy = (loaded: string[]) =>
      loaded
        .filter((m) => ['crypto', 'child_process', 'perf_hooks', 'net', 'stream', 'tty', 'module', 'os'].includes(m))
        .sort();
    expect(heavy(await builtinsLoadedBy(['passage', 'John 3:16', '--no-cache']))).toEqual([]);
    expect(heavy(await builtinsLoadedBy(['find', 'love is patient', '--no-cache']))).toEqual([]);
    expect(heavy(await builtinsLoadedBy(['search', 'faith', '--no-cache']))).toEqual([]);
    expect(heavy(await builtinsLoadedBy(['--help']))).toEqual([]);
    // The response cache names its files by SHA-256: a cached lookup loads crypto; and the
    // launcher keeps what it prints for a replay through the process's streams.
    expect(heavy(await builtinsLoadedBy(['passage', 'John 3:16']))).toEqual(['crypto', 'net', 'stream']);
  });
});

describe("the embedded service's path", () => {
  it("the dispatcher and the data route modules load no zod: a request is read by its parameters' own rules (src/service/routes/params.ts)", () => {
    const schemaPackages = ['zod', '@hono/zod-openapi', 'hono'];
    const loading = (entry: string) => schemaPackages.filter((p) => staticPackages(entry).has(p));
    const entries = [
      'src/service/dispatch.ts',
      ...readdirSync('src/service/routes')
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `src/service/routes/${f}`),
    ];
    const found = Object.fromEntries(entries.map((e) => [e, loading(e)] as const).filter(([, p]) => p.length > 0));
    // Only the router Hono mounts them on, which the whole app (a server, chat, /openapi.json) loads.
    expect(found).toEqual({ 'src/service/routes/router.ts': ['@hono/zod-openapi'] });
  });
});
