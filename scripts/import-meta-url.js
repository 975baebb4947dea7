// Injected into the CommonJS bundle (tsup.config.ts): `import.meta.url` of the sources, which find
// the package root and their packages' files from it, is the bundle's own file URL.
export const import_meta_url = require('node:url').pathToFileURL(__filename).href;
