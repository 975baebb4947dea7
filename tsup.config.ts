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
  // commander is on every run's path: bundled, it skips the CommonJS loader and module resolution.
  noExternal: ['commander'],
  // The bundled CommonJS needs a require in ESM.
  banner: {
    js: "import { createRequire as __bibleCreateRequire } from 'node:module'; const require = __bibleCreateRequire(import.meta.url);",
  },
  sourcemap: true,
  clean: true,
  dts: false,
  define: { __BIBLE_VERSION__: JSON.stringify(pkg.version) },
});
