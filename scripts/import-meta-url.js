// Injected into the CommonJS bundle (tsup.config.ts): `import.meta.url` of the sources, which find
// the package root and their packages' files from it, is the bundle's own file URL. A POSIX path
// of plain characters is its URL as written; pathToFileURL (~0.1 ms on every start, for each
// bundle) only escapes what such a path does not hold.
export const import_meta_url = /^\/[\w/.-]*$/.test(__filename)
  ? `file://${__filename}`
  : require('node:url').pathToFileURL(__filename).href;
