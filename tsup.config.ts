import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type Plugin, transform } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { esmOnlyDependencies, esmOnlyExternals } from './scripts/esm-only-externals.js';
import { lazyNamespaces } from './scripts/lazy-namespaces.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const esmOnly = esmOnlyDependencies();
// ES-module-only packages bundled all the same: a terminal's lookup colours with chalk and wraps
// with wrap-ansi, and Node's loading of them as ES modules (no code cache, the ESM loader set up)
// was ~30 ms of every lookup at a terminal. The others load only where a command needs them.
const bundledEsmOnly = ['chalk', 'wrap-ansi'];
// scripts/build.mjs (npm run build) names the build: its bundles go to dist/<id>/, where the
// launcher it builds with the same id looks for them.
const buildId = process.env.BIBLE_BUILD_ID ?? randomUUID();
const define = { __BIBLE_VERSION__: JSON.stringify(pkg.version), __BIBLE_BUILD__: JSON.stringify(buildId) };

// zod's 60-odd message locales (half its code) are re-exported as z.locales, which nothing here
// uses; English, the default, is imported apart and stays. Left out, a lookup holds ~3 MiB less.
// So is z.fromJSONSchema (JSON Schema to zod), which nothing here calls either: evaluating it
// was ~0.4 ms of every embedded lookup.
const zodWithoutLocales: Plugin = {
  name: 'zod-without-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: 'zod-locales', namespace: 'empty' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {};', loader: 'js' }));
    build.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(args.importer)
        ? { path: 'zod-from-json-schema', namespace: 'left-out' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({
      contents: "export function fromJSONSchema() { throw new Error('z.fromJSONSchema is left out of the bundle'); }",
      loader: 'js',
    }));
  },
};

/**
 * zod is a bundle of its own (dist/zod.cjs), required by the CLI's bundle only where a command
 * needs it (the whole app: a server, chat, /openapi.json; the MCP tools): its ~480 functions were
 * a third of the CLI bundle's top level, closures every start made and a code cache every start
 * read. The launcher loads it through its own code cache (src/cli/launch.ts).
 */
const zodApart: Plugin = {
  name: 'zod-apart',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: './zod.cjs', external: true }));
  },
};

/**
 * string-width (wrap-ansi's) makes an Intl.Segmenter when its module is evaluated, ~10 ms of ICU
 * set-up at every lookup at a terminal, though the CLI wraps plain lines without it (wrapPlain):
 * made on first use instead. A version written otherwise is bundled as it is.
 */
const lazySegmenter: Plugin = {
  name: 'string-width-lazy-segmenter',
  setup(build) {
    build.onLoad({ filter: /[\\/]string-width[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = 'const segmenter = new Intl.Segmenter();';
      if (!source.includes(eager) || !source.includes('segmenter.segment(')) return undefined;
      return {
        contents: source
          .replace(eager, 'let segmenter;')
          .replaceAll('segmenter.segment(', '(segmenter ??= new Intl.Segmenter()).segment('),
        loader: 'js',
      };
    });
  },
};

// Each lazily evaluated module's namespace object is filled by its own init, not at every start.
const lazyNamespacesPlugin = {
  name: 'lazy-namespaces',
  renderChunk: (code: string, chunk: { path: string }) =>
    chunk.path.endsWith('.cjs') ? { code: lazyNamespaces(code) } : undefined,
};

// Without the whitespace and comments (a third of the bundle), which every start reads; names stay,
// and tsup chains the map esbuild gives to the bundle's own, so the source map still holds.
// After lazyNamespaces, which reads esbuild's layout.
const withoutWhitespace = {
  name: 'without-whitespace',
  renderChunk: async (code: string, chunk: { path: string; map?: unknown }) => {
    if (!chunk.path.endsWith('.cjs')) return undefined;
    const mapped = chunk.map !== undefined;
    const out = await transform(code, {
      minifyWhitespace: true,
      sourcemap: mapped,
      sourcefile: chunk.path,
      loader: 'js',
    });
    return { code: out.code, map: mapped ? out.map : undefined };
  },
};

// ASCII only, so the launcher can read it as latin1 (half the time of UTF-8). esbuild escapes
// strings but keeps comments and regular expressions as written; an escape means the same
// character in both (a line's columns shift, in the few lines that have one).
const asciiOnly = {
  name: 'ascii-only',
  renderChunk: (code: string, chunk: { path: string }) =>
    chunk.path.endsWith('.cjs')
      ? { code: code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) }
      : undefined,
};

// The bundles the launcher runs through a code cache (src/cli/launch.ts) are wrapped as Node's
// CommonJS loader wraps a module, here rather than at run time, where wrapping made a copy of the
// whole 1 MB source for V8 to compile (~1 ms of every start). Not loadable by require() so.
const loaderWrapped = {
  banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
  footer: { js: '})' },
} satisfies Options;

// Every output is one CommonJS script for Node 20, in the build's own directory, dist/<id>/;
// scripts/build.mjs then moves the launcher to dist/launch.cjs.
const commonJs = {
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  target: 'node20',
  platform: 'node',
  outDir: `dist/${buildId}`,
  dts: false,
} satisfies Options;

export default defineConfig([
  // The launcher bin/bible.js requires: it runs the bundle below through a V8 code cache. CommonJS
  // as bin/bible.js is (bin/package.json): a start with no ES module skips Node's ESM loader.
  {
    entry: { launch: 'src/cli/launch.ts' },
    ...commonJs,
    // It finds the bundles by path, in its build's directory beside itself (scripts/build.mjs).
    esbuildOptions(options) {
      options.define = { ...options.define, 'import.meta.dirname': '__dirname' };
    },
    define,
  },
  // The whole CLI as one CommonJS script: a vm.Script can take V8's code cache, an ES module
  // cannot on Node 20. What a command loads with `await import()` stays lazy (esbuild evaluates a
  // module only when first imported), and a lookup reads one file instead of resolving dozens.
  {
    entry: { cli: 'src/cli/main.ts' },
    ...commonJs,
    ...loaderWrapped,
    splitting: false,
    // commander is on every run's path, and the service's (hono, @hono/zod-openapi and what it
    // builds on) on every embedded lookup's: bundled, they skip the module loader and the
    // resolution and loading of hundreds of small files. zod (~80 files) is its own bundle (zodApart).
    // better-sqlite3's JavaScript too (a dozen files the CommonJS loader would resolve and compile
    // on every lookup); its addon is loaded from its package (scripts/better-sqlite3-bindings.cjs).
    noExternal: [
      'commander',
      'hono',
      /^@hono\//,
      'zod',
      '@asteasolutions/zod-to-openapi',
      'openapi3-ts',
      'better-sqlite3',
      // On every find's path (a question's numbers as words): required from its package, its
      // resolution and seven files were ~2.4 ms of a cold `bible find`.
      'number-to-words',
      ...esmOnly,
    ],
    // The sources' import.meta.url (the package root, their packages' files) is the bundle's URL.
    inject: ['scripts/import-meta-url.js'],
    esbuildOptions(options) {
      options.define = { ...options.define, 'import.meta.url': 'import_meta_url', 'import.meta.dirname': '__dirname' };
      // import() of a package becomes require(), which loads ES modules too (Node >= 20.19): a
      // vm.Script's own dynamic import() would need an experimental loader hook.
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
    // Builtins keep their node: prefix, so the plugin below sees commander's node:child_process.
    removeNodeProtocol: false,
    esbuildPlugins: [
      zodApart,
      lazySegmenter,
      esmOnlyExternals(esmOnly.filter((name) => !bundledEsmOnly.includes(name))),
      {
        name: 'better-sqlite3-addon',
        setup(build) {
          build.onResolve({ filter: /^bindings$/ }, (args) =>
            /[\\/]better-sqlite3[\\/]/.test(args.importer)
              ? { path: `${process.cwd()}/scripts/better-sqlite3-bindings.cjs` }
              : undefined,
          );
        },
      },
      {
        name: 'commander-lazy-child-process',
        setup(build) {
          build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
            /[\\/]commander[\\/]/.test(args.importer)
              ? { path: `${process.cwd()}/scripts/commander-child-process.cjs` }
              : undefined,
          );
        },
      },
    ],
    plugins: [lazyNamespacesPlugin, withoutWhitespace, asciiOnly],
    sourcemap: true,
    define,
  },
  // zod, apart (see zodApart): the bundle the CLI's requires as ./zod.cjs.
  {
    entry: { zod: 'scripts/zod-bundle.ts' },
    ...commonJs,
    ...loaderWrapped,
    splitting: false,
    noExternal: ['zod'],
    esbuildPlugins: [zodWithoutLocales],
    plugins: [lazyNamespacesPlugin, withoutWhitespace, asciiOnly],
    sourcemap: true,
  },
]);
