import { describe, expect, it } from 'vitest';
import {
  MCP_ANSWER_TEXT_MAX_CHARS,
  MCP_REQUEST_ANSWER_MAX_CHARS,
  MCP_REQUEST_MAX_CALLS,
} from '../../src/cli/mcp/limits.js';
import { runCliInProcess } from '../support/run-cli.js';
import { createKey, servedSuite } from '../support/server.js';

interface ToolAnswer {
  jsonrpc: '2.0';
  id: number;
  result: { isError?: boolean; content: Array<{ type: 'text'; text: string }>; structuredContent?: unknown };
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('/mcp on bible serve: what one request may spend', () => {
  const served = servedSuite();

  /** A JSON-RPC batch of tools/call, ids 1…n, answered in one POST. */
  async function batch(key: string, calls: Array<[string, Record<string, unknown>]>): Promise<ToolAnswer[]> {
    const body = calls.map(([name, args], i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }));
    const res = await fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'x-api-key': key },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as ToolAnswer[]).sort((a, b) => a.id - b.id);
  }

  /** The key's data requests today, as `bible keys list --json` counts them. */
  async function dataToday(name: string): Promise<number> {
    const r = await runCliInProcess(['keys', 'list', '--json'], { env: { BIBLE_DATA_DIR: served.dataDir } });
    const rows = JSON.parse(r.stdout) as Array<{ name: string; usage: { dataToday: number } }>;
    return rows.find((k) => k.name === name)?.usage.dataToday ?? Number.NaN;
  }

  const textOf = (a: ToolAnswer) => a.result.content.map((c) => c.text).join('');
  const sizeOf = (a: ToolAnswer) => textOf(a).length + JSON.stringify(a.result.structuredContent ?? null).length;

  it(`a batch of 20 passage calls, each whole books in five translations: ${MCP_REQUEST_MAX_CALLS} run, each within the answer budget, the rest refused unrun and uncounted`, async () => {
    const key = await createKey(served.dataDir, ['--name', 'fan-out', '--daily', '1000']);
    const call: [string, Record<string, unknown>] = [
      'passage',
      { refs: 'Gen 1-50; Exod 1-40', translations: ['kjv', 'kjv', 'kjv', 'kjv', 'kjv'] },
    ];
    const answers = await batch(
      key,
      Array.from({ length: 20 }, () => call),
    );
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const run = answers.slice(0, MCP_REQUEST_MAX_CALLS);
    for (const a of run) {
      expect(a.result.isError).toBeFalsy();
      expect(textOf(a).length).toBeLessThanOrEqual(MCP_ANSWER_TEXT_MAX_CHARS);
      // 200 verses over five translations: the first 40 of Genesis in each, then where to read on.
      expect(textOf(a)).toMatch(/^\(One passage call reads at most 200 verses in all its translations together/);
      expect(textOf(a)).toContain('passage {"refs":"Genesis 2:10-50:26; Exodus 1-40","translations":["kjv"]}');
    }
    for (const a of answers.slice(MCP_REQUEST_MAX_CALLS))
      expect(a.result).toEqual({
        isError: true,
        content: [
          {
            type: 'text',
            text: `INVALID_REQUEST: one /mcp request runs at most ${MCP_REQUEST_MAX_CALLS} tool calls; this one was not run: send it again on its own`,
          },
        ],
      });
    // Each call that ran read Genesis 1:1-2:9 once per translation: five data requests; the refused, none.
    expect(await dataToday('fan-out')).toBe(MCP_REQUEST_MAX_CALLS * 5);
  }, 60_000);

  it(`the calls after the answers reach MCP_REQUEST_ANSWER_MAX_CHARS (${MCP_REQUEST_ANSWER_MAX_CHARS}) together are refused unrun`, async () => {
    const key = await createKey(served.dataDir, ['--name', 'big-answers', '--daily', '1000']);
    const answers = await batch(
      key,
      Array.from({ length: 8 }, () => ['stories', { limit: 100 }] as [string, Record<string, unknown>]),
    );
    const ran = answers.filter((a) => !a.result.isError);
    const sizes = ran.map(sizeOf);
    const total = sizes.reduce((a, b) => a + b, 0);
    // Each answer ran while the ones before it were under the bound; the last took them over it.
    expect(total).toBeGreaterThanOrEqual(MCP_REQUEST_ANSWER_MAX_CHARS);
    expect(total - (sizes.at(-1) ?? 0)).toBeLessThan(MCP_REQUEST_ANSWER_MAX_CHARS);
    expect(ran.length).toBeLessThan(8);
    expect(answers.slice(0, ran.length)).toEqual(ran);
    for (const a of answers.slice(ran.length))
      expect(textOf(a)).toBe(
        `INVALID_REQUEST: the answers of one /mcp request may hold at most ${MCP_REQUEST_ANSWER_MAX_CHARS} characters together, and the calls before this one reached it; this one was not run: send it again on its own`,
      );
    // One data request (the story list) for each call that ran.
    expect(await dataToday('big-answers')).toBe(ran.length);
  }, 60_000);

  it('GET and DELETE /mcp are 405 with Allow: POST (stateless: no stream to open, no session to end)', async () => {
    const key = await createKey(served.dataDir, ['--name', 'methods']);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${served.url}/mcp`, {
        method,
        headers: { accept: 'application/json, text/event-stream', 'x-api-key': key },
      });
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'POST']);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: /mcp takes POST' },
        id: null,
      });
    }
    // Without a key, the key is what is wrong: 401 in the contract's envelope, as for a POST.
    const anonymous = await fetch(`${served.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(anonymous.status).toBe(401);
  });
});
