// Stands in for the `bindings` package when better-sqlite3 is bundled (tsup.config.ts): `bindings`
// looks for the addon from its caller's file, which in a bundle is dist/, not better-sqlite3's own
// folder. Node's resolution finds it where better-sqlite3's install puts it.
module.exports = (name) => require(require.resolve(`better-sqlite3/build/Release/${name}`));
