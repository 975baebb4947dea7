/**
 * esbuild writes the namespace object of each lazily evaluated module of a CommonJS bundle at the
 * bundle's top level:
 *
 *   // node_modules/zod/v4/core/index.js
 *   var core_exports2 = {};
 *   __export(core_exports2, {
 *     $ZodAny: () => $ZodAny,
 *     …
 *   });
 *
 * so every run of the CLI, `--help` included, defines a getter for every export of every such
 * module (zod's alone are some 900, about 2 ms of each start) whether it loads the module or not.
 * This moves each such __export call into the start of its own module's lazy init
 * (`var init_core = __esm({ "node_modules/zod/v4/core/index.js"() {`), which runs before anything
 * can read the namespace (esbuild calls the init before each use). The call is joined onto the
 * init's first line and the lines it leaves are kept blank, so the source map's lines still hold.
 * A module with no lazy init (the entry) keeps its __export where it is.
 */
export function lazyNamespaces(code: string): string {
  const lines = code.split('\n');
  const initOpener = /^ {2}"(.+)"\(\) \{$/;
  const lazy = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const path = (lines[i] as string).match(initOpener)?.[1];
    if (path && /^var init_\w+ = __esm\(\{$/.test(lines[i - 1] as string)) lazy.add(path);
  }
  const pending = new Map<string, string>();
  let module: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const comment = line.match(/^\/\/ (\S+)$/)?.[1];
    if (comment) module = comment;
    const opened = line.match(/^__export\((\w+), \{$/);
    if (opened && module && lazy.has(module) && !pending.has(module)) {
      const end = lines.indexOf('});', i);
      const entries = lines.slice(i + 1, end).map((l) => l.trim());
      pending.set(module, `__export(${opened[1]}, { ${entries.join(' ')} });`);
      for (let j = i; j <= end; j++) lines[j] = '';
      i = end;
      continue;
    }
    const path = line.match(initOpener)?.[1];
    const call = path === undefined ? undefined : pending.get(path);
    if (path !== undefined && call && /^var init_\w+ = __esm\(\{$/.test(lines[i - 1] as string)) {
      lines[i] = `${line} ${call}`;
      pending.delete(path);
    }
  }
  if (pending.size)
    throw new Error(`lazy-namespaces: no init after the namespace of ${[...pending.keys()].join(', ')}`);
  return lines.join('\n');
}
