import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { itRequiring } from './env.js';

const TOOLS = ['osis2mod', 'imp2vs', 'imp2ld', 'imp2gbs', 'mod2imp', 'diatheke'];

/** Whether libsword's own tools are on the PATH (each prints its usage when run bare). */
export const SWORD_TOOLS_AVAILABLE = TOOLS.every((t) => spawnSync(t, [], { stdio: 'pipe' }).error === undefined);

/** `it` for tests that build modules with libsword's tools (BIBLE_TEST_REQUIRE_SWORD=1 in CI). */
export const itWithSwordTools = itRequiring(
  SWORD_TOOLS_AVAILABLE,
  'BIBLE_TEST_REQUIRE_SWORD',
  `needs libsword's tools (${TOOLS.join(', ')}): apt-get install -y libsword-utils diatheke`,
);

/** A new, empty SWORD library (mods.d and modules) in a temporary directory. */
export function swordRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'bible-drivers-'));
  mkdirSync(join(root, 'mods.d'));
  mkdirSync(join(root, 'modules'));
  return root;
}

/** Writes `<root>/mods.d/<name>.conf` with these keys after the section line. */
export function writeConf(root: string, name: string, keys: Record<string, string>): void {
  const lines = [`[${name}]`, ...Object.entries(keys).map(([k, v]) => `${k}=${v}`), ''];
  writeFileSync(join(root, 'mods.d', `${name.toLowerCase()}.conf`), lines.join('\n'));
}

/** Runs one of libsword's tools in `cwd`; its chatter is dropped, a failure throws with it. */
export function tool(cwd: string, command: string, args: string[]): void {
  execFileSync(command, args, { cwd, stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * A module built from imp text by one of libsword's imp tools (imp2vs, imp2gbs): the text written,
 * the tool run into modules/<name> (a general book into its file `book` there), and its conf
 * written with that DataPath before `conf`'s keys.
 */
export function impModule(
  root: string,
  name: string,
  command: 'imp2vs' | 'imp2gbs',
  imp: string | Buffer,
  conf: Record<string, string>,
): void {
  const dir = `modules/${name.toLowerCase()}`;
  const target = command === 'imp2gbs' ? `${dir}/book` : dir;
  writeFileSync(join(root, `${name.toLowerCase()}.imp`), imp);
  mkdirSync(join(root, dir));
  tool(root, command, [`${name.toLowerCase()}.imp`, '-o', target]);
  writeConf(root, name, { DataPath: command === 'imp2gbs' ? `./${target}` : `./${dir}/`, ...conf });
}

/** libsword's own reading of a module, `mod2imp <name>` (raw, no filters): entries in its order. */
export function mod2imp(
  root: string,
  name: string,
  strip = false,
  encoding: BufferEncoding = 'utf8',
): Array<[string, string]> {
  const stdout = execFileSync('mod2imp', [name, ...(strip ? ['-s'] : [])], {
    env: { ...process.env, SWORD_PATH: root },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  }).toString(encoding);
  const parts = stdout.split(/^\$\$\$(.*)\n/m);
  const out: Array<[string, string]> = [];
  for (let i = 1; i + 1 < parts.length; i += 2)
    out.push([parts[i] as string, (parts[i + 1] as string).replace(/\n$/, '')]);
  return out;
}

/** What diatheke prints for one key of a module in `root`, plain, without the key and module lines. */
export function diathekePlain(root: string, name: string, key: string): string {
  const stdout = execFileSync('diatheke', ['-b', name, '-f', 'plain', '-k', key], {
    env: { ...process.env, SWORD_PATH: root },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString('utf8');
  return stdout
    .replace(new RegExp(`\\n?\\(${name}\\)\\s*$`), '')
    .replace(/^[^\n]*?\d+:\d+: /, '')
    .trim();
}
