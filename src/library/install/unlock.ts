import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { confValue } from '../sword/conf.js';
import { cipherKeyOpens } from '../sword/open-module.js';
import { MAX_CIPHER_KEY_CHARS } from './bounds.js';
import { InstallError } from './install-error.js';
import { userModule } from './remove.js';

export interface UnlockResult {
  module: string;
  confFile: string;
}

/**
 * A key as a conf can hold it: printable ASCII, spaces only inside (a conf value is trimmed and
 * ends at the line), at most MAX_CIPHER_KEY_CHARS. The message never repeats the key.
 */
function checkKey(key: string): void {
  if (!key || key.length > MAX_CIPHER_KEY_CHARS || !/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(key))
    throw new InstallError(
      `the key must be 1-${MAX_CIPHER_KEY_CHARS} printable ASCII characters, without spaces at either end (it was not shown)`,
      'usage',
    );
}

/**
 * Writes an encrypted module's key into its conf, as libsword reads it (`CipherKey=<key>`, the
 * line installmgr leaves empty), once the key is seen to open the module (its first entries
 * decipher and read as text: cipherKeyOpens): the conf is rewritten beside itself with mode
 * 0600, since it now holds a key, and renamed over the old one. Only a conf of the user's own
 * library.
 */
export function unlockModule(env: NodeJS.ProcessEnv, name: string, key: string): UnlockResult {
  checkKey(key);
  const mod = userModule(env, name, 'unlock');
  if (confValue(mod.conf, 'CipherKey') === undefined)
    throw new InstallError(`${mod.name} is not encrypted: it needs no key`, 'usage');
  let opens: boolean;
  try {
    opens = cipherKeyOpens(mod.root, mod.name, key);
  } catch (err) {
    throw new InstallError(`${mod.name} cannot be read to try the key: ${(err as Error).message}`, 'refused');
  }
  if (!opens) throw new InstallError(`that key does not open ${mod.name}: nothing was written`, 'usage');
  const bytes = readFileSync(mod.confFile);
  const utf8 = /^Encoding\s*=\s*UTF-8/im.test(bytes.toString('utf8'));
  const text = bytes.toString(utf8 ? 'utf8' : 'latin1');
  // The module's own section only: a conf may hold more than one.
  const start = text.search(new RegExp(`^\\[${mod.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]`, 'mi'));
  const next = text.slice(start + 1).search(/^\[/m);
  const end = next < 0 ? text.length : start + 1 + next;
  const section = text.slice(start, end).replace(/^CipherKey[ \t]*=.*$/m, () => `CipherKey=${key}`);
  const tmp = `${mod.confFile}.unlocking-${process.pid}`;
  writeFileSync(tmp, text.slice(0, start) + section + text.slice(end), {
    encoding: utf8 ? 'utf8' : 'latin1',
    mode: 0o600,
  });
  chmodSync(tmp, 0o600);
  renameSync(tmp, mod.confFile);
  return { module: mod.name, confFile: mod.confFile };
}
