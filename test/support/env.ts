import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';

export const TEST_DATA_DIR = process.env.BIBLE_TEST_DATA_DIR ?? join(process.cwd(), '.bible-test', 'data');
export const TEST_LIBRARY = join(TEST_DATA_DIR, 'library.sqlite');

const SWORD_PACKAGES =
  'sword-text-kjv sword-text-web sword-text-sparv sword-comm-mhcc sword-comm-scofield sword-comm-tdavid sword-dict-naves sword-dict-strongs-greek sword-dict-strongs-hebrew diatheke libsword-utils';

function hasDiatheke(): boolean {
  try {
    execFileSync('diatheke', ['-b', 'system', '-k', 'modulelistnames'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Whether libsword's mod2imp (libsword-utils) is on the PATH: it prints its usage and fails when run bare. */
function hasMod2imp(): boolean {
  try {
    execFileSync('mod2imp', [], { stdio: 'pipe' });
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** Whether the Debian SWORD modules and libsword's diatheke and mod2imp are installed. */
export const SWORD_AVAILABLE =
  existsSync('/usr/share/sword/mods.d/engKJV2006eb.conf') &&
  existsSync('/usr/share/sword/mods.d/nave.conf') &&
  hasDiatheke() &&
  hasMod2imp();

const HINT = `needs the Debian SWORD modules and diatheke: apt-get install -y ${SWORD_PACKAGES}`;

/**
 * `it` for tests that need a system package: when it is missing, with `requireVar`=1 (CI) the test
 * fails with the install hint; elsewhere it is skipped, loudly.
 */
export function itRequiring(available: boolean, requireVar: string, hint: string) {
  return (name: string, fn: () => unknown | Promise<unknown>, timeout?: number): void => {
    if (available) {
      it(name, fn, timeout);
    } else if (process.env[requireVar] === '1') {
      it(name, () => {
        throw new Error(`${name}: ${hint}`);
      });
    } else {
      console.warn(`SKIPPED (${hint}): ${name}`);
      it.skipIf(true)(`${name} [${hint}]`, fn);
    }
  };
}

/** `it` for tests that need the SWORD modules (BIBLE_TEST_REQUIRE_SWORD=1 in CI). */
export const itWithSword = itRequiring(SWORD_AVAILABLE, 'BIBLE_TEST_REQUIRE_SWORD', HINT);
