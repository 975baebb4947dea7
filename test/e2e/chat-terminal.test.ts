import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../support/cli.js';
import { FakeLlm } from '../support/fake-llm.js';
import { serviceDataDir } from '../support/server.js';
import { TmuxSession } from '../support/tmux.js';

const BIN = join(process.cwd(), 'bin', 'bible.js');
const PROMPT = 'you> ';
const OFFLINE = 'BIBLE_LLM_BASE_URL';

/** `bible <args>` in a real terminal `width` columns wide, with a data directory of its own. */
async function terminal(args: string, extra: Record<string, string> = {}, width = 110) {
  const home = mkdtempSync(join(tmpdir(), 'bible-chat-term-'));
  const data = serviceDataDir();
  const env = cliEnv({ env: { HOME: home, BIBLE_DATA_DIR: data, ...extra } }) as Record<string, string>;
  const session = await TmuxSession.start(`${process.execPath} ${BIN} ${args}`, env, { width });
  return { session, data, env };
}

const count = (text: string, part: string) => text.split(part).length - 1;
/** The screen's lines, blank ones and the shell's `sleep` tail dropped. */
const rows = (screen: string) => screen.split('\n').filter((l) => l.trim());

describe('chat on a terminal (issue 35.4)', () => {
  let session: TmuxSession | undefined;
  let llm: FakeLlm | undefined;
  beforeAll(async () => {
    llm = await new FakeLlm().start();
    llm.streamWords = 1;
    llm.streamGapMs = 5;
  });
  afterEach(async () => {
    await session?.kill();
    session = undefined;
  });
  afterAll(async () => {
    await llm?.stop();
  });

  it('shows a streamed reply once, as markdown; a reference the check puts right is shown corrected, not the reply again', async () => {
    const fake = llm as FakeLlm;
    // The check takes out a verse that does not exist (John 3:99); a misspelt book stays as written (35.1).
    fake.reply =
      'Read **John 3:16** and John 3:99 first.\n\nThen *rest* in Matthew 6:34, for tomorrow will take care of itself.';
    ({ session } = await terminal('chat "Where do I start when I worry?"', { BIBLE_LLM_BASE_URL: fake.url }));
    const screen = await session.waitFor('Sources: ');
    // The first block was laid out before the check: only it comes again, corrected, under the note.
    expect(count(screen, '(references checked against the canon; changed:)')).toBe(1);
    expect(count(screen, 'John 3:99')).toBe(1);
    expect(count(screen, 'Read John 3:16')).toBe(2);
    expect(count(screen, 'Then rest in Matthew 6:34')).toBe(1);
    expect(screen).not.toContain('**');
    // The last block is shown only as the check left it.
    fake.reply = 'Start with Matthew 6:34.\n\nThen **John 3:16** and John 3:99.';
    await session.kill();
    ({ session } = await terminal('chat "What next, when I worry?"', { BIBLE_LLM_BASE_URL: fake.url }));
    const second = await session.waitFor('Sources: ');
    expect(count(second, 'Start with Matthew 6:34.')).toBe(1);
    expect(count(second, 'Then John 3:16')).toBe(1);
    expect(second).not.toContain('3:99');
    expect(second).not.toContain('references checked');
  });

  it('one-shot: Ctrl-C keeps the text that came on screen, the unfinished block included', async () => {
    const slow = await new FakeLlm().start();
    slow.reply = 'First paragraph done.\n\none two three four five six seven eight nine ten eleven twelve sixteen';
    slow.streamWords = 1;
    slow.streamGapMs = 300;
    try {
      ({ session } = await terminal('chat "count for me"', { BIBLE_LLM_BASE_URL: slow.url }));
      await session.waitFor('one two three');
      await session.keys('C-c');
      const screen = await session.waitFor('(stopped; what came is kept)');
      expect(count(screen, 'First paragraph done.')).toBe(1);
      expect(count(screen, 'one two three')).toBe(1);
      expect(screen).not.toContain('sixteen');
    } finally {
      await slow.stop();
    }
  });

  it('wraps a reply at 40 columns without splitting a word, the quotation under its indent', async () => {
    const fake = llm as FakeLlm;
    const words =
      'Consider how the lilies of the field grow: they neither toil nor spin, and yet your heavenly Father clothes them.';
    fake.reply = `${words}\n\n> Take therefore no thought for the morrow: for the morrow shall take thought for the things of itself.`;
    ({ session } = await terminal('chat "lilies?"', { BIBLE_LLM_BASE_URL: fake.url }, 40));
    const screen = await session.waitFor('Sources: ');
    const lines = rows(screen);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    const text = lines.join(' ').split(/\s+/);
    const at = text.indexOf('Consider');
    expect(text.slice(at, at + words.split(' ').length).join(' ')).toBe(words);
    const quoted = lines.filter((l) => /morrow|things of itself/.test(l));
    expect(quoted.length).toBeGreaterThan(1);
    for (const line of quoted) expect(line).toMatch(/^ {4}\S/);
  });

  it('says the offline note once a session, names the sources in a line, and /sources gives their attributions', async () => {
    ({ session } = await terminal('chat'));
    await session.waitFor(PROMPT);
    await session.type('What does the Bible say about worry?');
    const first = await session.waitFor('no message limits');
    expect(count(first, OFFLINE)).toBe(1);
    const flowing = first.replace(/\s+/g, ' ');
    expect(flowing).toContain('Sources: King James Version');
    expect(flowing).toContain('(/sources has their attributions)');
    expect(first).not.toContain('From the CrossWire SWORD module');
    await session.type('And about fear?');
    const second = await session.waitFor((s) => count(s, 'no message limits') === 2);
    expect(count(second, OFFLINE)).toBe(1);
    await session.type('/sources');
    await session.waitFor(/Sources: King James Version \(1769[\s\S]*From the CrossWire\s+SWORD module/);
  });

  it('/usage names the persona in force, before and after a switch', async () => {
    ({ session } = await terminal('chat'));
    await session.waitFor(PROMPT);
    await session.type('/usage');
    await session.waitFor('default · no messages yet in this session');
    await session.type('Who was Moses?');
    await session.waitFor('default · no message limits');
    await session.type('/persona simple_helper');
    await session.waitFor('persona: simple_helper');
    await session.type('/usage');
    await session.waitFor('simple_helper · no message limits (embedded library)');
  });

  it('--continue shows the last exchange before the prompt', async () => {
    let env: Record<string, string>;
    ({ session, env } = await terminal('--version'));
    const asked = await runCli(['chat', 'What does the Bible say about worry?'], { env });
    expect(asked.code).toBe(0);
    await session.kill();
    session = await TmuxSession.start(`${process.execPath} ${BIN} chat --continue`, env);
    const screen = await session.waitFor(PROMPT);
    expect(screen).toContain('you: What does the Bible say about worry?');
    expect(screen).toContain('Here is what Scripture says');
    expect(screen.indexOf('Here is what Scripture says')).toBeLessThan(screen.lastIndexOf(PROMPT));
  });
});
