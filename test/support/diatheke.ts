import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A SWORD library beside /usr/share/sword whose MHCC conf says zCom instead of zCom4: Debian's
 * MHCC ships the 10-byte (`b*`) index under a zCom4 conf, and libsword then reads other
 * verses' notes. With the driver named right, diatheke reads it as its files are.
 */
export function patchedSwordPath(): string {
  const root = mkdtempSync(join(tmpdir(), 'bible-sword-'));
  mkdirSync(join(root, 'mods.d'));
  symlinkSync('/usr/share/sword/modules', join(root, 'modules'));
  for (const file of readdirSync('/usr/share/sword/mods.d')) {
    let conf = readFileSync(join('/usr/share/sword/mods.d', file), 'utf8');
    if (file === 'mhcc.conf') conf = conf.replace(/^ModDrv=zCom4$/m, 'ModDrv=zCom');
    writeFileSync(join(root, 'mods.d', file), conf);
  }
  return root;
}

/** The text diatheke prints for one key, without the key prefix, the module line and any heading before the key. */
export async function diatheke(module: string, key: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { stdout } = await run('diatheke', ['-b', module, '-f', 'plain', '-k', key], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!stdout.trim()) throw new Error(`diatheke printed nothing for ${module} ${key}: is the module installed?`);
  const body = stdout.replace(new RegExp(`\\(${module}\\)\\s*$`), '');
  const colon = body.search(/^\s*[^\n]*?\d+:\d+: |^[^\n:]+: /m);
  const keyLine = body.slice(colon).match(/^\s*[^\n]*?(\d+:\d+|[^\n:]+): /);
  return keyLine ? body.slice(colon + keyLine[0].length) : body;
}

/** Compared form: no whitespace, no pilcrow. */
export function squash(s: string): string {
  return s.replace(/[\s\u00b6]+/g, '');
}

/** Runs tasks with at most `limit` at once. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

/**
 * Many verses from one diatheke call (keys joined by `;`), in the order asked: each verse's
 * rendered body after its `c:v: ` label, up to the next verse's line. `options` are diatheke's
 * option filters (`n` Strong's, `f` footnotes, `s` cross-references, `w` words of Christ).
 */
export async function diathekeVerses(
  module: string,
  keys: Array<{ name: string; chapter: number; verse: number }>,
  options: string,
  format: 'OSIS' | 'XHTML',
): Promise<string[]> {
  const list = keys.map((k) => `${k.name} ${k.chapter}:${k.verse}`).join('; ');
  const { stdout } = await run('diatheke', ['-b', module, '-o', options, '-f', format, '-k', list], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const body = stdout.replace(/^[\s\S]*<body>/, '').replace(new RegExp(`\\(${module}\\)[\\s\\S]*$`), '');
  const starts: Array<{ at: number; end: number }> = [];
  let cursor = 0;
  for (const k of keys) {
    const m = new RegExp(`(^|\\n)[^\\n]*?\\b${k.chapter}:${k.verse}: `).exec(body.slice(cursor));
    if (!m) throw new Error(`diatheke printed no ${k.name} ${k.chapter}:${k.verse} in ${module}`);
    starts.push({ at: cursor + m.index, end: cursor + m.index + m[0].length });
    cursor += m.index + m[0].length;
  }
  return starts.map((s, i) => body.slice(s.end, starts[i + 1]?.at ?? body.length));
}
