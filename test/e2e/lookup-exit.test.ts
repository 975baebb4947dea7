import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cliEnv } from '../support/cli.js';

/**
 * A lookup exits as soon as its output is written (src/cli/launch.ts): when the output waits in a
 * full pipe, it still all arrives, and the exit code is the lookup's.
 */
// A non-blocking pipe, filled before the lookup writes and read a second later: the descriptor
// answers EAGAIN. Perl with Fcntl (Debian's perl-base, an essential package) can set O_NONBLOCK.
const NON_BLOCKING_PIPE = `use strict; use Fcntl;
pipe(my $r, my $w) or die; fcntl($w, F_SETFL, fcntl($w, F_GETFL, 0) | O_NONBLOCK) or die;
syswrite($w, "\\0" x 65536);
my $pid = fork(); if ($pid == 0) { close $r; open(STDOUT, '>&', $w) or die; exec @ARGV; die; }
close $w; sleep 1; my ($all, $buf) = ('', ''); while (sysread($r, $buf, 65536)) { $all .= $buf; }
waitpid($pid, 0); print STDERR length($all) . " rc=" . ($? >> 8) . "\\n"; print substr($all, 65536);`;

describe('a lookup whose output waits in a full pipe', () => {
  it('delivers every byte and keeps its exit code', async () => {
    const bin = join(process.cwd(), 'bin', 'bible.js');
    // 64 KiB fill the pipe before the lookup writes its error; the reader starts a second later.
    const script = `{ head -c 65536 /dev/zero; "${process.execPath}" "${bin}" passage "John 99"; echo "rc=$?" >&3; } 3>&2 2>&1 | (sleep 1; wc -c)`;
    const { stdout, stderr } = await promisify(execFile)('sh', ['-c', script], { env: cliEnv({}) });
    const line = 'bible: John has 21 chapters\n';
    expect([stdout.trim(), stderr]).toEqual([String(65536 + line.length), 'rc=4\n']);
  });

  it('a non-blocking one too: what the descriptor refuses goes through the stream, all of it', async () => {
    const bin = join(process.cwd(), 'bin', 'bible.js');
    const run = promisify(execFile);
    const args = [bin, 'concordance', 'G25', '--no-cache'];
    const alone = await run(process.execPath, args, { env: cliEnv({}), maxBuffer: 1 << 24 });
    const piped = await run('perl', ['-e', NON_BLOCKING_PIPE, process.execPath, ...args], {
      env: cliEnv({}),
      maxBuffer: 1 << 24,
    });
    expect([piped.stderr, piped.stdout]).toEqual([`${65536 + Buffer.byteLength(alone.stdout)} rc=0\n`, alone.stdout]);
  });

  it('keeps its exit code when the reader of stderr has gone', async () => {
    const bin = join(process.cwd(), 'bin', 'bible.js');
    // The reader exits at once; the lookup's error line meets a closed pipe.
    const script = `{ "${process.execPath}" "${bin}" passage "Nope 1:1" 2>&1 >/dev/null; echo "rc=$?" >&3; } 3>&2 | true`;
    const { stderr } = await promisify(execFile)('sh', ['-c', script], { env: cliEnv({}) });
    expect(stderr).toBe('rc=4\n');
  });
});

describe('output that cannot be written', () => {
  const bin = join(process.cwd(), 'bin', 'bible.js');
  const run = (redirect: string, args: string) =>
    promisify(execFile)('sh', ['-c', `"${process.execPath}" "${bin}" ${args} ${redirect}; echo "rc=$?"`], {
      env: cliEnv({}),
    });

  it('to a full device: one line on stderr and exit 1, not a silent 0', async () => {
    for (const args of ['passage "John 3:16"', 'find "love is patient"', '--help']) {
      const { stdout, stderr } = await run('> /dev/full', args);
      expect([stdout, stderr]).toEqual([
        'rc=1\n',
        'bible: the output could not be written: ENOSPC: no space left on device\n',
      ]);
    }
    // With --json, the error envelope.
    const json = await run('> /dev/full', 'passage "John 3:16" --json');
    expect([json.stdout, JSON.parse(json.stderr)]).toEqual([
      'rc=1\n',
      {
        success: false,
        error: { code: 'FAILED', message: 'the output could not be written: ENOSPC: no space left on device' },
      },
    ]);
  });

  it("a command that runs on (the MCP server over stdio) says so when it ends, though Node clears the stream's error a tick later", async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    const input = join(mkdtempSync(join(tmpdir(), 'bible-mcp-')), 'initialize.jsonl');
    writeFileSync(input, `${initialize}\n`);
    const { stdout, stderr } = await run(`> /dev/full < "${input}"`, 'mcp');
    expect([stdout, stderr]).toEqual([
      'rc=1\n',
      'bible: MCP server on stdio, answering from the embedded library\nbible: the output could not be written: ENOSPC: no space left on device\n',
    ]);
  });

  it('to a descriptor open only for reading (written directly, not through a stream): the same', async () => {
    const { stdout, stderr } = await run('1< /etc/hostname', 'passage "John 3:16"');
    expect([stdout, stderr]).toEqual([
      'rc=1\n',
      'bible: the output could not be written: EBADF: bad file descriptor\n',
    ]);
  });

  it('a failed lookup prints only to stderr, so it keeps its own line and exit code', async () => {
    const { stdout, stderr } = await run('> /dev/full', 'passage "John 99"');
    expect([stdout, stderr]).toEqual(['rc=4\n', 'bible: John has 21 chapters\n']);
  });
});
