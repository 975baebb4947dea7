// Stands in for node:child_process in the bundled commander (tsup.config.ts): commander requires it
// when it loads, for executable subcommands (`git-style`), which bible does not have; loading it
// costs every run about 2 ms. Each property is read from the real module, loaded on first use.
module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });
