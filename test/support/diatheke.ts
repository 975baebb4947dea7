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

const exported = new Map<string, Promise<Map<string, string>>>();

/**
 * A whole module as libsword's `mod2imp -s` exports it (markup stripped by the module's own
 * filters), or with `markup` its entries as stored (OSIS): entry text by key, kept for the test
 * file. One libsword run per module instead of one per key: diatheke pays its start-up (over a
 * second on a loaded machine) for every key.
 */
export function exportModule(
  module: string,
  env: NodeJS.ProcessEnv = process.env,
  markup = false,
): Promise<Map<string, string>> {
  const id = `${env.SWORD_PATH ?? ''}\n${module}\n${markup}`;
  let entries = exported.get(id);
  if (!entries) {
    const args = markup ? [module] : [module, '-s'];
    entries = run('mod2imp', args, { env, maxBuffer: 256 * 1024 * 1024 }).then(({ stdout }) => {
      const map = new Map<string, string>();
      const parts = stdout.split(/^\$\$\$(.*)\n/m);
      for (let i = 1; i + 1 < parts.length; i += 2) map.set(parts[i] as string, parts[i + 1] as string);
      if (map.size === 0) throw new Error(`mod2imp exported nothing for ${module}: is the module installed?`);
      return map;
    });
    exported.set(id, entries);
  }
  return entries;
}

/**
 * libsword's book names ("III John", "Revelation of John"), numbered 1 to 66 in the order the
 * KJV module holds them: the comparison then needs none of our own reference parsing.
 */
function swordBookNumbers(): Promise<Map<string, number>> {
  bookNumbers ??= readBookNumbers();
  return bookNumbers;
}
let bookNumbers: Promise<Map<string, number>> | undefined;

async function readBookNumbers(): Promise<Map<string, number>> {
  const numbers = new Map<string, number>();
  for (const key of (await exportModule('engKJV2006eb')).keys()) {
    const book = key.match(/^(.+) \d+:\d+$/)?.[1];
    if (book && !numbers.has(book)) numbers.set(book, numbers.size + 1);
  }
  if (numbers.size !== 66)
    throw new Error(`expected 66 books in the KJV module, got ${[...numbers.keys()].join(', ')}`);
  return numbers;
}

/** libsword's "Psalms 32:1" as `book:chapter:verse` (19:32:1); undefined for a heading or a book outside the 66. */
export async function swordVerseKey(ref: string): Promise<string | undefined> {
  const books = await swordBookNumbers();
  const m = ref.trim().match(/^(.+) (\d+):(\d+)$/);
  if (!m || m[2] === '0' || m[3] === '0') return undefined;
  const book = books.get(m[1] as string);
  return book ? `${book}:${m[2]}:${m[3]}` : undefined;
}

/**
 * A Bible or commentary module's entries by `book:chapter:verse`: headings (chapter or verse 0)
 * and books outside the 66 (the WEB's deuterocanon) left out, as the library holds neither.
 * With `markup`, the entries as stored (OSIS).
 */
export async function exportByVerse(
  module: string,
  env?: NodeJS.ProcessEnv,
  markup = false,
): Promise<Map<string, string>> {
  const entries = await exportModule(module, env, markup);
  const verses = new Map<string, string>();
  for (const [key, text] of entries) {
    const at = await swordVerseKey(key);
    if (at) verses.set(at, text);
  }
  return verses;
}

/**
 * The verses a libsword search finds (`diatheke -s <type>`), as `book:chapter:verse` keys in
 * its order: diatheke prints "Entries containing …-- Psalms 32:1Psalms 42:1 ; … -- 13
 * matches total". The total is checked against the list.
 */
export async function diathekeSearch(module: string, type: string, key: string): Promise<string[]> {
  const { stdout } = await run('diatheke', ['-b', module, '-s', type, '-k', key], { maxBuffer: 64 * 1024 * 1024 });
  const m = stdout.match(/--\s*([\s\S]*?)\s*--\s*(\d+) matches total/);
  if (!m) throw new Error(`diatheke -s ${type} ${key} printed no match list: ${stdout.slice(0, 200)}`);
  // Book names are letters and spaces ("II Samuel", "Revelation of John"); diatheke leaves out the
  // separator after the first ("Psalms 32:1Psalms 42:1 ; …"), so each reference is matched whole.
  const refs = [...(m[1] as string).matchAll(/[A-Za-z][A-Za-z ]*? \d+:\d+/g)].map((r) => r[0]);
  if (refs.length !== Number(m[2])) throw new Error(`diatheke listed ${refs.length} of ${m[2]} matches for ${key}`);
  const keys = await Promise.all(refs.map(swordVerseKey));
  return keys.map((k, i) => k ?? `not a verse: ${refs[i]}`);
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

/** What diatheke prints for many keys (joined by `;`) in one call. */
export async function diathekeBatch(
  module: string,
  keys: string[],
  { options = '', format = 'plain', env = process.env }: { options?: string; format?: string; env?: NodeJS.ProcessEnv },
): Promise<string> {
  const args = ['-b', module, ...(options ? ['-o', options] : []), '-f', format, '-k', keys.join('; ')];
  const { stdout } = await run('diatheke', args, { env, maxBuffer: 256 * 1024 * 1024 });
  return stdout;
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
  const stdout = await diathekeBatch(
    module,
    keys.map((k) => `${k.name} ${k.chapter}:${k.verse}`),
    { options, format },
  );
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
