import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli.js';
import { TmuxSession } from '../support/tmux.js';

const bin = join(process.cwd(), 'bin', 'bible.js');

describe('Ctrl-C', () => {
  it('stops the first library build at once: exit 130, no half-built library or temp file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bible-interrupt-'));
    const tty = await TmuxSession.start(`${process.execPath} ${bin} passage 'John 3:16'; echo "exit=$?"`, {
      BIBLE_DATA_DIR: dataDir,
      BIBLE_CONFIG_DIR: join(tempHome(), 'config'),
      BIBLE_CACHE_DIR: join(tempHome(), 'cache'),
    });
    try {
      const notice = await tty.waitFor('Ctrl-C stops it', 30_000);
      expect(notice).toContain('building');
      expect(notice).toContain('(about a minute, once; Ctrl-C stops it)');
      // The import is under way in its child (under CI no line is redrawn, so none says so yet).
      await new Promise((r) => setTimeout(r, 1500));
      await tty.keys('C-c');
      const screen = await tty.waitFor('exit=', 5_000);
      expect(screen).toContain('exit=130');
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      await tty.kill();
    }
  }, 60_000);
});

describe('Ctrl-C with the pager open', () => {
  it('waits for the pager, as git does: less stays, and q ends both with exit 0', async () => {
    const tty = await TmuxSession.start(`${process.execPath} ${bin} chapter Ps 119; echo "exit=$?"`, {
      BIBLE_DATA_DIR: process.env.BIBLE_TEST_DATA_DIR ?? join(process.cwd(), '.bible-test', 'data'),
      BIBLE_CONFIG_DIR: join(tempHome(), 'config'),
      BIBLE_CACHE_DIR: join(tempHome(), 'cache'),
      PAGER: 'less',
    });
    try {
      await tty.waitFor('Psalm 119 (KJV)', 15_000, 'visible');
      await tty.keys('C-c');
      // less takes Ctrl-C as "stop what you are doing" and stays; the CLI waits for it.
      await new Promise((r) => setTimeout(r, 500));
      const still = await tty.screen('visible');
      expect(still).not.toContain('exit=');
      expect(still).toContain('Psalm 119 (KJV)');
      await tty.keys('q');
      const screen = await tty.waitFor('exit=', 5_000);
      expect(screen).toContain('exit=0');
    } finally {
      await tty.kill();
    }
  });
});
