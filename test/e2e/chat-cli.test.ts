import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli.js';
import { TEST_LIBRARY } from '../support/env.js';
import { FakeLlm } from '../support/fake-llm.js';
import { runCliInProcess } from '../support/run-cli.js';
import { createKey, type Served, serve, serviceDataDir } from '../support/server.js';
import { TmuxSession } from '../support/tmux.js';
import { until } from '../support/until.js';

describe('bible chat', () => {
  let served: Served;
  let key: string;
  let llm: FakeLlm;

  beforeAll(async () => {
    const dir = serviceDataDir();
    key = await createKey(dir, ['--name', 'chat-cli', '--chat-daily', '50']);
    served = await serve(dir);
    llm = await new FakeLlm().start();
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await llm?.stop();
  });

  it('answers once from the argument, from stdin, and whole with --json; saves and lists conversations', async () => {
    const home = tempHome();
    const data = join(home, 'data');
    const env = { HOME: home, BIBLE_BASE_URL: served.url, BIBLE_API_KEY: key, BIBLE_DATA_DIR: data };
    const one = await runCliInProcess(['chat', 'Who was Naaman?'], { env });
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('> Now Naaman, captain of the host of the king of Syria');
    expect(one.stdout).toContain('— Sources: King James Version');
    expect(one.stderr).toBe('default · daily 49/50 left · monthly 1999/2000 left\n');
    const piped = await runCliInProcess(['chat', '--persona', 'simple_helper'], { env, input: 'What is grace?\n' });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^Here are a few verses that might help\./);
    const json = await runCliInProcess(['chat', 'What is faith?', '--json', '--persona', 'biblical_scholar'], { env });
    const body = JSON.parse(json.stdout);
    expect(body.success).toBe(true);
    expect(body.meta.persona).toBe('biblical_scholar');
    expect(body.meta.rateLimits.daily).toEqual({ limit: 50, remaining: 47 });
    const log = await runCliInProcess(['chat', 'log'], { env });
    expect(
      log.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t').slice(1)),
    ).toEqual([
      ['2 turns', 'What is faith?'],
      ['2 turns', 'What is grace?'],
      ['2 turns', 'Who was Naaman?'],
    ]);
    const cont = await runCliInProcess(['chat', '--continue', 'And his servants?'], { env });
    expect(cont.code).toBe(0);
    const files = readdirSync(join(data, 'conversations'));
    expect(files).toHaveLength(3);
    const latest = (await runCliInProcess(['chat', 'log', '--json'], { env })).stdout;
    expect(JSON.parse(latest)[0]).toMatchObject({ turns: 4, first: 'What is faith?' });
    const bad = await runCliInProcess(['chat', 'x', '--persona', 'pirate'], { env });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      "bible: unknown persona 'pirate': use default, biblical_scholar, simple_helper\n",
    ]);
    const long = await runCliInProcess(['chat'], { env, input: 'x'.repeat(10_001) });
    expect([long.code, long.stderr]).toEqual([
      2,
      "bible: 'message' may be at most 10000 characters (got 10001) [INVALID_REQUEST]\n",
    ]);
    const none = await runCliInProcess(['chat'], { env, input: '' });
    expect(none.code).toBe(2);
  });

  it('the REPL in a real terminal: a persona switch, three turns, /save, Ctrl-C while waiting', async () => {
    const home = tempHome();
    const data = join(home, 'data');
    mkdirSync(data, { recursive: true });
    symlinkSync(TEST_LIBRARY, join(data, 'library.sqlite'));
    const transcript = join(home, 'transcript.md');
    const repl = await TmuxSession.start(`${process.execPath} ${join(process.cwd(), 'bin', 'bible.js')} chat`, {
      PATH: process.env.PATH ?? '',
      HOME: home,
      TERM: 'xterm-256color',
      NO_COLOR: '1',
      BIBLE_DATA_DIR: data,
      BIBLE_LLM_BASE_URL: llm.url,
      BIBLE_LLM_MODEL: 'fake-model-1',
    });
    try {
      await repl.waitFor('/help for commands', 30_000);
      await repl.type('/persona biblical_scholar');
      await repl.waitFor('persona: biblical_scholar');
      llm.reply = 'Grace is unearned favour (Ephesians 2:8).';
      await repl.type('What is grace?');
      await repl.waitFor('biblical_scholar · no message limits (embedded library)');
      llm.reply = 'Faith is trust (Hebrews 11:1).';
      await repl.type('And faith?');
      await repl.waitFor('Faith is trust');
      llm.reply = 'Hope waits (Romans 8:24).';
      await repl.type('What about hope, \\');
      await repl.type('in one line?');
      await repl.waitFor('Hope waits');
      expect(llm.requests.at(-1)?.body.messages.at(-1)).toEqual({
        role: 'user',
        content: 'What about hope, \nin one line?',
      });
      expect(llm.requests.at(-1)?.body.messages.filter((m) => m.role !== 'system')).toHaveLength(5);
      await repl.type(`/save ${transcript}`);
      await repl.waitFor(`saved to ${transcript}`);
      const saved = readFileSync(transcript, 'utf8');
      expect(saved.match(/^\*\*You\*\*/gm)).toHaveLength(3);
      expect(saved).toContain('Faith is trust (Hebrews 11:1).');
      // Ctrl-C while an answer is pending cancels it; no stack trace; the prompt comes back.
      llm.delayMs = 5_000;
      const before = llm.received;
      await repl.type('A slow question');
      await until(() => llm.received > before, 'the slow question to reach the model');
      await repl.keys('C-c');
      const after = await repl.waitFor('(cancelled)', 4_000);
      llm.delayMs = 0;
      expect(after).not.toMatch(/^\s+at /m);
      expect(after).not.toContain('Error');
      await repl.type('/exit');
      await repl.waitFor(/\$ $|\n\s*$/, 5_000);
      const files = readdirSync(join(data, 'conversations'));
      expect(files).toHaveLength(1);
      const lines = readFileSync(join(data, 'conversations', files[0] as string), 'utf8')
        .trim()
        .split('\n');
      // Three answered turns and the cancelled question: nothing answered is lost.
      expect(lines.map((l) => JSON.parse(l).role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
      ]);
    } finally {
      await repl.kill();
    }
    expect(existsSync(transcript)).toBe(true);
  }, 90_000);
});
