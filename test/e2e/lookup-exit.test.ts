import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cliEnv } from '../support/cli.js';

/**
 * A lookup exits as soon as its output is written (src/cli/launch.ts): when the output waits in a
 * full pipe, it still all arrives, and the exit code is the lookup's.
 */
describe('a lookup whose output waits in a full pipe', () => {
  it('delivers every byte and keeps its exit code', async () => {
    const bin = join(process.cwd(), 'bin', 'bible.js');
    // 64 KiB fill the pipe before the lookup writes its error; the reader starts a second later.
    const script = `{ head -c 65536 /dev/zero; "${process.execPath}" "${bin}" passage "John 99"; echo "rc=$?" >&3; } 3>&2 2>&1 | (sleep 1; wc -c)`;
    const { stdout, stderr } = await promisify(execFile)('sh', ['-c', script], { env: cliEnv({}) });
    const line = 'bible: John has 21 chapters\n';
    expect([stdout.trim(), stderr]).toEqual([String(65536 + line.length), 'rc=4\n']);
  });
});
