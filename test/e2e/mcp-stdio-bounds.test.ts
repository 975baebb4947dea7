import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MCP_MESSAGE_MAX_BYTES } from '../../src/cli/mcp/limits.js';
import { cliEnv } from '../support/cli.js';

interface Exchange {
  answers: Array<{ id: unknown; error?: { code: number; message: string }; result?: unknown }>;
  stderr: string;
  code: number | null;
}

/**
 * The built `bible mcp` on stdio, given `input` as it is; stdin is closed once `expected` answers
 * (lines on stdout) have come, so the server is seen to read on after what it refused.
 */
function exchange(
  input: Array<string | Buffer>,
  expected: number,
  env: Record<string, string> = {},
): Promise<Exchange> {
  const child = spawn(process.execPath, [join(process.cwd(), 'bin', 'bible.js'), 'mcp'], {
    env: cliEnv({ env }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    if (stdout.split('\n').length > expected) child.stdin.end();
  });
  for (const chunk of input) child.stdin.write(chunk);
  if (!expected) child.stdin.end();
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({
        answers: stdout
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
        stderr,
        code,
      }),
    ),
  );
}

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

describe('bible mcp on stdio: what it cannot read is answered, and it reads on', () => {
  it('a line that is not JSON is answered -32700 Parse error; JSON that is no JSON-RPC message -32600, to its id', async () => {
    const r = await exchange(['garbage\n', '{"jsonrpc":"2.0","id":7,"method":5}\n', ping(1)], 3);
    expect(r.answers).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'bible: MCP server on stdio, answering from the embedded library\n' +
        'bible: a line on stdin was not JSON\n' +
        'bible: a line on stdin was not a JSON-RPC message\n',
    );
  });

  it(`a line over MCP_MESSAGE_MAX_BYTES (${MCP_MESSAGE_MAX_BYTES}) is answered -32600, unread, and the next is answered`, async () => {
    // Sent in pieces, as a pipe delivers it: the server holds none of it past the bound.
    const long = Buffer.alloc(MCP_MESSAGE_MAX_BYTES + 1, 'x');
    const pieces = [long.subarray(0, 100_000), long.subarray(100_000), Buffer.from('\n')];
    const r = await exchange([...pieces, ping(2)], 2);
    const why = `a message may be at most ${MCP_MESSAGE_MAX_BYTES} bytes; this one was longer and was not read`;
    expect(r.answers).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: ${why}` } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(r.stderr).toContain(`bible: ${why}\n`);
    expect(r.code).toBe(0);
  });

  it('a line of exactly MCP_MESSAGE_MAX_BYTES is read (and, not being JSON, answered -32700)', async () => {
    const r = await exchange([Buffer.alloc(MCP_MESSAGE_MAX_BYTES, 'x'), '\n'], 1);
    expect(r.answers).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
    ]);
  });

  it('with a remote service and no key, it says so when it starts, not at the first tool call', async () => {
    const r = await exchange([], 0, { BIBLE_BASE_URL: 'http://127.0.0.1:9' });
    expect(r.stderr).toBe(
      'bible: MCP server on stdio, answering from the service at http://127.0.0.1:9\n' +
        "bible: no API key for the service at http://127.0.0.1:9: every tool will answer MISSING_API_KEY; set BIBLE_API_KEY in the client's configuration or run 'bible login'\n",
    );
    expect(r.code).toBe(0);
    const keyed = await exchange([], 0, { BIBLE_BASE_URL: 'http://127.0.0.1:9', BIBLE_API_KEY: 'bbl_x' });
    expect(keyed.stderr).toBe('bible: MCP server on stdio, answering from the service at http://127.0.0.1:9\n');
  });
});
