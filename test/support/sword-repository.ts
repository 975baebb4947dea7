import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { c as createTar } from 'tar';
import { writeZip, type ZipEntry } from './zip-writer.js';

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Whether libsword's module builders and diatheke are on the PATH (Debian packages libsword-utils, diatheke). */
export const LIBSWORD_TOOLS = ['imp2vs', 'imp2ld', 'osis2mod', 'diatheke'].every(onPath);
/** The key InstLocked is enciphered with (osis2mod -c). */
export const LOCKED_KEY = 'Tk3yOfTh1sTest';

const conf = (name: string, lines: string[]) => `[${name}]\n${lines.join('\n')}\n`;
const textConf = (name: string, extra: string[] = []) =>
  conf(name, [
    `DataPath=./modules/texts/ztext/${name.toLowerCase()}/`,
    'ModDrv=zText',
    'CompressType=ZIP',
    'BlockType=BOOK',
    'Encoding=UTF-8',
    ...extra,
  ]);

/** Every file under a directory, by its path relative to `base` (a package's entries). */
function filesUnder(base: string, dir: string): ZipEntry[] {
  return readdirSync(join(base, dir), { recursive: true, encoding: 'utf8' })
    .sort()
    .filter((f) => statSync(join(base, dir, f)).isFile())
    .map((f) => ({ name: `${dir}/${f}`, data: readFileSync(join(base, dir, f)) }));
}

/**
 * A repository laid out as CrossWire's, built by libsword's own tools from text written here:
 * InstBible (imp2vs, zText), InstDict (imp2ld, zLD, Spanish), InstLocked (osis2mod, enciphered
 * with LOCKED_KEY), and packages that must be refused, each named for what is wrong with it.
 * Returns the repository's root (raw/mods.d.tar.gz, packages/rawzip/<Module>.zip).
 */
export function buildRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'bible-repo-'));
  const work = join(root, 'work');
  const confs = join(work, 'mods.d');
  const zips = join(root, 'packages', 'rawzip');
  for (const d of [confs, zips, join(root, 'raw')]) mkdirSync(d, { recursive: true });
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: work, stdio: 'pipe' });
  const packageOf = (name: string, confText: string, extra: ZipEntry[] = [], data = true) => {
    writeFileSync(join(confs, `${name.toLowerCase()}.conf`), confText);
    const dir = /DataPath=\.\/(\S+?)\/?$/m.exec(confText)?.[1] as string;
    const dataDir = confText.includes('ModDrv=zLD') ? dir.slice(0, dir.lastIndexOf('/')) : dir;
    const entries = [{ name: `mods.d/${name.toLowerCase()}.conf`, data: Buffer.from(confText) }];
    writeFileSync(
      join(zips, `${name}.zip`),
      writeZip([...entries, ...(data ? filesUnder(work, dataDir) : []), ...extra]),
    );
  };

  writeFileSync(
    join(work, 'bible.imp'),
    '$$$Genesis 1:1\nIn the beginning was the word of the test.\n$$$John 3:16\nFor God so loved the test repository.\n$$$Psalms 23:1\nThe test is my shepherd.\n',
  );
  mkdirSync(join(work, 'modules/texts/ztext/instbible'), { recursive: true });
  run('imp2vs', ['bible.imp', '-o', 'modules/texts/ztext/instbible', '-z', 'z']);
  packageOf(
    'InstBible',
    textConf('InstBible', [
      'SourceType=Plain',
      'Lang=en',
      'Version=1.2',
      'InstallSize=330000',
      'Description=Install Test Bible',
      'DistributionLicense=Public Domain',
    ]),
  );

  writeFileSync(join(work, 'dict.imp'), '$$$GRACIA\nFavor no merecido.\n$$$FE\nLa certeza de lo que se espera.\n');
  mkdirSync(join(work, 'modules/lexdict/zld/instdict'), { recursive: true });
  run('imp2ld', ['dict.imp', '-o', 'modules/lexdict/zld/instdict/instdict', '-z']);
  packageOf(
    'InstDict',
    conf('InstDict', [
      'DataPath=./modules/lexdict/zld/instdict/instdict',
      'ModDrv=zLD',
      'CompressType=ZIP',
      'Encoding=UTF-8',
      'Lang=es',
      'Version=0.9',
      'Description=Diccionario de prueba',
      'DistributionLicense=Public Domain',
    ]),
  );

  writeFileSync(
    join(work, 'locked.osis'),
    '<?xml version="1.0" encoding="UTF-8"?><osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace"><osisText osisIDWork="InstLocked" osisRefWork="Bible" xml:lang="en"><header><work osisWork="InstLocked"/></header><div type="book" osisID="John"><chapter osisID="John.3"><verse osisID="John.3.16">For God so loved the locked test.</verse></chapter></div></osisText></osis>\n',
  );
  mkdirSync(join(work, 'modules/texts/ztext/instlocked'), { recursive: true });
  run('osis2mod', ['modules/texts/ztext/instlocked', 'locked.osis', '-z', 'z', '-c', LOCKED_KEY]);
  packageOf(
    'InstLocked',
    textConf('InstLocked', ['SourceType=OSIS', 'Lang=en', 'CipherKey=', 'Description=Install Test Locked']),
  );

  // The refused: each a valid conf and data file beside the one thing wrong.
  const evil = (name: string, extra: ZipEntry[], confText = textConf(name, ['Lang=en', `Description=${name}`])) => {
    const dir = `modules/texts/ztext/${name.toLowerCase()}`;
    packageOf(name, confText, [{ name: `${dir}/nt.bzs`, data: Buffer.alloc(12) }, ...extra], false);
  };
  evil('EvilDots', [{ name: 'modules/texts/ztext/evildots/../../../../evil.txt', data: Buffer.from('escaped') }]);
  evil('EvilAbs', [{ name: '/tmp/bible-evil-absolute.txt', data: Buffer.from('absolute') }]);
  evil('EvilLink', [{ name: 'modules/texts/ztext/evillink/ot.bzz', data: Buffer.from('/etc/passwd'), symlink: true }]);
  evil('EvilOutside', [{ name: 'modules/texts/ztext/instbible/ot.bzz', data: Buffer.from('not mine') }]);
  evil('EvilDeclared', [
    { name: 'modules/texts/ztext/evildeclared/ot.bzz', data: Buffer.from('small'), declaredSize: 0xf0000000 },
  ]);
  evil('EvilInflate', [
    { name: 'modules/texts/ztext/evilinflate/ot.bzz', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 100 },
  ]);
  // The catalog says EvilOther; the conf in its package is another module's.
  writeFileSync(join(confs, 'evilother.conf'), textConf('EvilOther', ['Lang=en', 'Description=EvilOther']));
  writeFileSync(
    join(zips, 'EvilOther.zip'),
    writeZip([
      { name: 'mods.d/evilother.conf', data: Buffer.from(textConf('InstBible', ['Lang=en'])) },
      { name: 'modules/texts/ztext/instbible/nt.bzs', data: Buffer.alloc(12) },
    ]),
  );
  // A package cut short on disk, and one the server cuts short (EvilTrunc, see serveRepository).
  writeFileSync(join(confs, 'evilcut.conf'), textConf('EvilCut', ['Lang=en', 'Description=EvilCut']));
  const whole = readFileSync(join(zips, 'InstBible.zip'));
  writeFileSync(join(zips, 'EvilCut.zip'), whole.subarray(0, whole.length >> 1));
  writeFileSync(join(confs, 'eviltrunc.conf'), textConf('EvilTrunc', ['Lang=en', 'Description=EvilTrunc']));
  writeFileSync(join(zips, 'EvilTrunc.zip'), whole);

  createTar({ gzip: true, file: join(root, 'raw', 'mods.d.tar.gz'), cwd: work, sync: true }, ['mods.d']);
  return root;
}

/**
 * Serves a repository's root over HTTP on 127.0.0.1, as a mirror does; EvilTrunc.zip is cut
 * short: its full Content-Length is declared, half the bytes sent, and the connection closed.
 */
export async function serveRepository(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let body: Buffer;
    try {
      body = readFileSync(join(root, path));
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
    if (path.endsWith('/EvilTrunc.zip')) {
      res.write(body.subarray(0, body.length >> 1), () => res.destroy());
      return;
    }
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}
