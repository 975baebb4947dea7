#!/usr/bin/env node
// The npm mirror this project is built on serves only the packages of its own platform, so a
// fresh `npm install` leaves other platforms' optional binaries (rollup, biome, …) out of
// package-lock.json, and `npm ci` then refuses the lockfile as out of sync. This adds those
// entries with the version their parent pins and the os/cpu/libc their names state, so every
// platform's npm skips what is not its own. Run it after changing dependencies:
//   npm install && node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'openbsd', 'netbsd', 'openharmony', 'sunos', 'aix', 'win32', 'linux'];
const CPU = [
  ['arm64', 'arm64'],
  ['aarch64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['loong64', 'loong64'],
  ['ppc64', 'ppc64'],
  ['riscv64', 'riscv64'],
  ['s390x', 's390x'],
  ['arm', 'arm'],
];

function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find(([token]) => parts.some((p) => p === token || p.startsWith(token)))?.[1];
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [/musl/.test(base) ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [key, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const where = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[where] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) {
      console.error(`left alone: ${dep} (its platform is not in its name)`);
      continue;
    }
    packages[`node_modules/${dep}`] = {
      version,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} lockfile entries for other platforms' optional packages`);
