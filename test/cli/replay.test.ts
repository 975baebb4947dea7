import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keep, replayed, replayFile, writesAndExits } from '../../src/cli/replay.js';

const piped = { stdout: { isTTY: false }, stderr: { isTTY: false } };
const argv = (...args: string[]) => ['node', 'bible', ...args];
const anHourAgo = new Date(Date.now() - 3600_000);

/** A data dir with a library file (settled: modified an hour ago), a config dir and a cache dir. */
function place() {
  const root = mkdtempSync(join(tmpdir(), 'bible-replay-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    BIBLE_DATA_DIR: join(root, 'data'),
    BIBLE_CONFIG_DIR: join(root, 'config'),
    BIBLE_CACHE_DIR: join(root, 'cache'),
  };
  mkdirSync(join(root, 'data'));
  mkdirSync(join(root, 'config'));
  const library = join(root, 'data', 'library.sqlite');
  writeFileSync(library, 'library');
  utimesSync(library, anHourAgo, anHourAgo);
  return { root, env, library, user: join(root, 'data', 'user.sqlite') };
}

describe('the replay of a repeated lookup (src/cli/replay.ts)', () => {
  it('is for piped read-only lookups that use the response cache, and nothing else', () => {
    const { env } = place();
    const file = (...args: string[]) => replayFile(argv(...args), env, piped);
    expect(file('passage', 'John 3:16')).toMatch(/[/\\]responses[/\\]replay[/\\][0-9a-f]{32}\.json$/);
    expect(file('--json', 'search', 'love')).toBeDefined();
    expect(file('--base-url', 'http://127.0.0.1:9', 'strongs', 'G26')).toBeDefined();
    expect(file('--base-url', 'passage', 'note', 'list')).toBeUndefined();
    expect(file('note', 'list')).toBeUndefined();
    expect(file('plan', 'today')).toBeUndefined();
    expect(file('passage', 'John 3:16', '--no-cache')).toBeUndefined();
    expect(file('passage', 'John 3:16', '--debug')).toBeUndefined();
    expect(file('passage', '--help')).toBeUndefined();
    expect(file()).toBeUndefined();
    const terminal = { stdout: { isTTY: true }, stderr: { isTTY: false } };
    expect(replayFile(argv('passage', 'John 3:16'), env, terminal)).toBeUndefined();
    expect(replayFile(argv('passage', 'John 3:16'), env, { ...piped, stderr: { isTTY: true } })).toBeUndefined();
  });

  it('is keyed by the arguments, the environment, the config and the library and workspace files', () => {
    const { env, library, user } = place();
    const args = argv('passage', 'John 3:16');
    const seen = new Set<string | undefined>();
    const key = () => replayFile(args, env, piped);
    seen.add(key());
    expect(key()).toBe([...seen][0]);
    seen.add(replayFile(argv('passage', 'John 3:17'), env, piped));
    seen.add(replayFile(args, { ...env, COLUMNS: '40' }, piped));
    writeFileSync(join(env.BIBLE_CONFIG_DIR as string, 'config.json'), '{"translation":"web"}');
    seen.add(key());
    utimesSync(library, new Date(Date.now() - 7200_000), new Date(Date.now() - 7200_000));
    seen.add(key());
    writeFileSync(user, 'notes');
    utimesSync(user, anHourAgo, anHourAgo);
    seen.add(key());
    writeFileSync(`${user}-wal`, 'a note');
    utimesSync(`${user}-wal`, anHourAgo, anHourAgo);
    seen.add(key());
    expect(seen.size).toBe(7);
    expect(seen.has(undefined)).toBe(false);
  });

  it('is not used while a file it depends on was changed in the last second', () => {
    const { env, user } = place();
    writeFileSync(`${user}-wal`, 'a note just written');
    expect(replayFile(argv('passage', 'John 3:16'), env, piped)).toBeUndefined();
  });

  it('replays what was kept, byte for byte, until it expires', () => {
    const { env } = place();
    const file = replayFile(argv('passage', 'John 3:16'), env, piped) as string;
    expect(replayed(file)).toBeUndefined();
    const output = { stdout: Buffer.from('John 3:16 ✎\n'), stderr: Buffer.from([0xff, 0x0a]), code: 0 };
    keep(file, output, Date.now() + 60_000);
    expect(replayed(file)).toEqual(output);
    expect(replayed(file, Date.now() + 60_000)).toBeUndefined();
  });

  it('drops entries kept over a week ago when it keeps one', () => {
    const { env } = place();
    const old = replayFile(argv('passage', 'Gen 1:1'), env, piped) as string;
    const output = { stdout: Buffer.from('x'), stderr: Buffer.alloc(0), code: 0 };
    keep(old, output, Date.now() + 60_000);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    utimesSync(old, eightDaysAgo, eightDaysAgo);
    const recent = replayFile(argv('passage', 'Gen 1:2'), env, piped) as string;
    keep(recent, output, Date.now() + 60_000);
    expect(readdirSync(join(recent, '..'))).toEqual([basename(recent)]);
  });
});

describe('which runs write straight to the descriptors (src/cli/direct-output.ts)', () => {
  it('a lookup, help and the version; not a server, the MCP server, a chat or a workspace command', () => {
    for (const args of [['passage', 'John 3:16'], ['--base-url', 'http://x', 'find', 'love'], ['--help'], [], ['-V']])
      expect(writesAndExits(argv(...args)), args.join(' ')).toBe(true);
    for (const args of [['serve'], ['mcp'], ['chat', 'hi'], ['note', 'add', 'John 3:16'], ['library', 'import']])
      expect(writesAndExits(argv(...args)), args.join(' ')).toBe(false);
  });
});
