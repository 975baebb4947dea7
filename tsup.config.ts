import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  entry: { cli: 'src/cli/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  // Code splitting keeps `bible passage` lean: the server, importer, prompts and REPL load
  // through dynamic import() into their own chunks.
  splitting: true,
  // commander is on every run's path, and the service's (hono, zod, @hono/zod-openapi and what it
  // builds on) on every embedded lookup's: bundled, they skip the CommonJS loader and the
  // resolution and loading of hundreds of small ES modules (zod alone is ~80 files).
  noExternal: ['commander', 'hono', /^@hono\//, 'zod', '@asteasolutions/zod-to-openapi', 'openapi3-ts'],
  // The bundled CommonJS needs a require in ESM.
  banner: {
    js: "import { createRequire as __bibleCreateRequire } from 'node:module'; const require = __bibleCreateRequire(import.meta.url);",
  },
  // zod's 60-odd message locales (half its code) are re-exported as z.locales, which nothing here
  // uses; English, the default, is imported apart and stays. Left out, a lookup holds ~3 MiB less.
  esbuildPlugins: [
    {
      name: 'zod-without-locales',
      setup(build) {
        build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
          /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
            ? { path: 'zod-locales', namespace: 'empty' }
            : undefined,
        );
        build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {};', loader: 'js' }));
      },
    },
  ],
  sourcemap: true,
  clean: true,
  dts: false,
  define: { __BIBLE_VERSION__: JSON.stringify(pkg.version) },
});
