import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_ANSWER_DATA_MAX_CHARS, MCP_ANSWER_TEXT_MAX_CHARS } from '../../src/cli/mcp/limits.js';
import type { CommentaryChapter, MergedTopic } from '../../src/core/schemas/index.js';
import { cliEnv, runCli } from '../support/cli.js';
import { itWithSword } from '../support/env.js';

interface Answer {
  text: string;
  data: Record<string, unknown>;
}

/** The call an answer names to read on ("The rest: topic {…}" or "More: …"), as [tool, arguments]. */
function nextCall(text: string): [string, Record<string, unknown>] | undefined {
  const m = text.match(/(?:The rest|More): (\w+) (\{.*?\})(?:\)|;| \()/);
  return m ? [m[1] as string, JSON.parse(m[2] as string)] : undefined;
}

describe('bible mcp: every tool answer fits an assistant’s context, and says how to read on', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'bible-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(process.cwd(), 'bin', 'bible.js'), 'mcp'],
        env: { ...(cliEnv({}) as Record<string, string>), BIBLE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'mcp-cache-')) },
        stderr: 'pipe',
      }),
    );
  }, 60_000);
  afterAll(() => client.close());

  async function call(name: string, args: Record<string, unknown>): Promise<Answer> {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    const data = r.structuredContent as Record<string, unknown>;
    expect(text.length).toBeLessThanOrEqual(MCP_ANSWER_TEXT_MAX_CHARS);
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(MCP_ANSWER_DATA_MAX_CHARS);
    return { text, data };
  }

  /** Every page of an answer, following the calls each names, up to `most` pages. */
  async function pages(name: string, args: Record<string, unknown>, most = 40): Promise<Answer[]> {
    const out: Answer[] = [];
    let next: [string, Record<string, unknown>] | undefined = [name, args];
    while (next && out.length < most) {
      const page = await call(...next);
      out.push(page);
      next = nextCall(page.text);
    }
    return out;
  }

  it('passage: four chapters and one are cut at a verse, and the calls named read on verse after verse, each once', async () => {
    const read = await pages('passage', { refs: 'Ruth 1-4; Jonah 1', translations: ['kjv'] });
    const verses = read.flatMap((p) =>
      (p.data.results as Array<{ passages: Array<{ verses: Array<{ book: string; chapter: number; v: number }> }> }>)
        .flatMap((r) => r.passages)
        .flatMap((q) => q.verses.map((v) => `${v.book} ${v.chapter}:${v.v}`)),
    );
    // Ruth's 85 verses and Jonah 1's 17, each once and in order, over the pages the answers named.
    expect(verses).toHaveLength(85 + 17);
    expect(verses[0]).toBe('Ruth 1:1');
    expect(verses[84]).toBe('Ruth 4:22');
    expect(verses.at(-1)).toBe('Jonah 1:17');
    expect(read.length).toBeGreaterThan(1);
    expect(read[0]?.text).toMatch(
      /\(\d+ of 102 verses shown, to keep this answer within 10,000 characters\. The rest: passage \{"refs":"Ruth \d:\d+-4:22; Jonah 1","translations":\["kjv"\]\}\)/,
    );
  });

  it('chapter: Psalm 119 is cut at a verse, naming the passage of the rest, and the data holds the verses shown', async () => {
    const first = await call('chapter', { book: 'Ps', chapter: 119, translation: 'kjv' });
    const verses = first.data.verses as Array<{ v: number }>;
    const last = verses.at(-1)?.v ?? 0;
    expect(last).toBeGreaterThan(50);
    expect(last).toBeLessThan(176);
    expect(first.text).toContain(`\n${last} `);
    expect(first.text).toContain(
      `(${last} of 176 verses shown, to keep this answer within 10,000 characters. The rest: passage {"refs":"Psalms 119:${last + 1}-176","translations":["kjv"]})`,
    );
  });

  itWithSword(
    'topic: faith (17.6 KB whole) is a summary, then a page of sections at a time, every section once',
    async () => {
      const whole = JSON.parse((await runCli(['topic', 'faith', '--json'])).stdout) as MergedTopic;
      const read = await pages('topic', { topic: 'faith' });
      expect(read[0]?.text.split('\n').slice(0, 2)).toEqual([
        'FAITH: 110 sections in 2 works (nave 109, everyday-topics 1); the first of them:',
        'FAITH (nave)',
      ]);
      expect(read[0]?.text).toMatch(/The rest: topic \{"topic":"faith","offset":\d+\}\)\n\nNave's Topical Bible/);
      const sections = (id: string, topics: MergedTopic[]) =>
        topics.flatMap((t) => t.sources.filter((s) => s.id === id).flatMap((s) => s.sections));
      const paged = read.map((p) => p.data as unknown as MergedTopic);
      for (const id of ['nave', 'everyday-topics']) expect(sections(id, paged)).toEqual(sections(id, [whole]));
    },
  );

  itWithSword('commentary: Spurgeon on Psalm 119:1 (72 KB) comes in parts that make up the note exactly', async () => {
    const whole = JSON.parse((await runCli(['commentary', 'Ps', '119:1', '-c', 'tdavid', '--json'])).stdout) as {
      text: string;
    };
    const read = await pages('commentary', { reference: 'Psalms 119:1', commentary: 'tdavid' });
    expect(read[0]?.text.split('\n')[0]).toMatch(/^Psalms 119:1 \(tdavid, part 1 of \d+\)$/);
    const parts = read.flatMap((p) => (p.data as unknown as CommentaryChapter).entries.map((e) => e.text));
    expect(parts.join('')).toBe(whole.text);
  });

  itWithSword(
    'commentary: a note on many verses (Matthew Henry on John 3:1-21) comes in parts its data can repeat',
    async () => {
      const read = await pages('commentary', { reference: 'John 3', commentary: 'mhcc' });
      const verses = read.flatMap((p) => (p.data as unknown as CommentaryChapter).entries.map((e) => e.verse));
      expect(read[0]?.text.split('\n')[0]).toMatch(/^John 3:1-21 \(mhcc, part 1 of \d+\)$/);
      expect(new Set(verses)).toEqual(new Set(Array.from({ length: 36 }, (_, i) => i + 1)));
    },
  );
});
