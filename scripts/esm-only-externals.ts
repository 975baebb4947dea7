import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';

const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The dependencies that are ES modules only (no `require` condition): chalk, ora, conf, …
 * Read from their package.json files, so a new one is handled without a list to keep.
 */
export function esmOnlyDependencies(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  return Object.keys(pkg.dependencies).filter((name) => {
    const dep = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as {
      type?: string;
      exports?: unknown;
    };
    return dep.type === 'module' && !JSON.stringify(dep.exports ?? {}).includes('"require"');
  });
}

/**
 * Keeps ESM-only packages external to a CommonJS bundle with their ES semantics. The bundle
 * require()s them (Node >= 20.19 loads an ES module so, and marks its namespace __esModule), but
 * esbuild, importing from our ES sources, takes a required module's whole namespace as its default
 * export ("node mode"): `import chalk from 'chalk'` would get the namespace. Each import goes
 * through a small ES module of ours instead, whose default is the package's own default.
 * Put the packages in tsup's noExternal too, or tsup's own plugin makes them external first.
 */
export function esmOnlyExternals(packages: string[]): Plugin {
  return {
    name: 'esm-only-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (!packages.includes(packageName(args.path))) return undefined;
        if (args.namespace === 'esm-only') return { path: args.path, external: true };
        return { path: args.path, namespace: 'esm-only' };
      });
      build.onLoad({ filter: /.*/, namespace: 'esm-only' }, (args) => {
        const spec = JSON.stringify(args.path);
        return { contents: `export * from ${spec};\nexport { default } from ${spec};\n`, loader: 'js' };
      });
    },
  };
}
