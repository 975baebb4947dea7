import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv } from '../support/cli.js';
import { FakeLlm } from '../support/fake-llm.js';
import { serviceDataDir } from '../support/server.js';
import { TmuxSession } from '../support/tmux.js';

const BIN = join(process.cwd(), 'bin', 'bible.js');
const PROMPT = 'you> ';

/** The REPL in a real terminal, with its own data directory's conversations (the library is the test one). */
async function repl(
  extra: Record<string, string> = {},
  args = 'chat',
): Promise<{ session: TmuxSession; data: string }> {
  const home = mkdtempSync(join(tmpdir(), 'bible-repl-'));
  // A data directory of its own (for the conversations), holding the test library by a link.
  const data = serviceDataDir();
  const env = cliEnv({ env: { HOME: home, BIBLE_DATA_DIR: data, ...extra } }) as Record<string, string>;
  const session = await TmuxSession.start(`${process.execPath} ${BIN} ${args}`, env);
  if (args === 'chat') await session.waitFor(PROMPT);
  return { session, data };
}

/** The lines of the screen, blank ones dropped. */
const lines = (screen: string) => screen.split('\n').filter((l) => l.trim());

describe('the chat REPL in a terminal (issue 16)', () => {
  let session: TmuxSession | undefined;
  beforeAll(() => {
    expect(existsSync(BIN), 'npm run build first').toBe(true);
  });
  afterEach(async () => {
    await session?.kill();
    session = undefined;
  });

  it('echoes each typed line once after the /persona picker, and Ctrl-L then clears the screen', async () => {
    ({ session } = await repl());
    await session.type('/persona');
    await session.waitFor('Persona');
    await session.keys('Down', 'Enter');
    await session.waitFor('persona: biblical_scholar');
    await session.type('abcdef', false);
    await session.waitFor(`${PROMPT}abcdef`);
    expect(await session.screen()).not.toContain('abcdefabcdef');
    expect(await session.screen()).not.toMatch(/^abcdef$/m);
    await session.keys('C-l');
    const screen = await session.waitFor((s) => !s.includes('persona: biblical_scholar'), 15_000, 'visible');
    expect(lines(screen)).toEqual([`${PROMPT}abcdef`]);
    expect(screen).not.toContain('^L');
  });

  it('takes `clear` and /clear as commands that clear the screen, not as questions', async () => {
    ({ session } = await repl());
    await session.type('/help');
    await session.waitFor('/clear');
    await session.type('clear');
    const screen = await session.waitFor((s) => !s.includes('/help'), 15_000, 'visible');
    expect(lines(screen)).toEqual([PROMPT]);
    await session.type('/usage');
    await session.waitFor('no messages yet');
    await session.type('/clear');
    const cleared = await session.waitFor((s) => !s.includes('no messages yet'), 15_000, 'visible');
    expect(lines(cleared)).toEqual([PROMPT]);
    // `clear` was a command, never sent as a question.
    expect(await session.screen()).not.toContain('thinking');
  });

  it('lets a line be typed ahead while an answer is awaited, without ora warnings, and keeps it at the next prompt', async () => {
    const llm = await new FakeLlm().start();
    llm.delayMs = 1500;
    try {
      ({ session } = await repl({ BIBLE_LLM_BASE_URL: llm.url }));
      await session.type('What does the Bible say about worry?');
      await session.waitFor('thinking…');
      await session.type('next question', false);
      const screen = await session.waitFor(new RegExp(`${PROMPT}next question`));
      expect(screen).toContain('God so loved the world');
      expect(screen).not.toContain('[ora]');
      expect(screen).not.toContain('Multiple concurrent spinners');
    } finally {
      await llm.stop();
    }
  });

  it('/save writes under the data directory’s conversations, named by the first words, and prints the full path', async () => {
    let data: string;
    ({ session, data } = await repl());
    await session.type('What does the Bible say about worry?');
    await session.waitFor(/no message limits/);
    await session.type('/save');
    const file = join(data, 'conversations', 'what-does-the-bible-say-about-worry.md');
    await session.waitFor(`saved to ${file}`);
    expect(readFileSync(file, 'utf8')).toContain('What does the Bible say about worry?');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('prints a model’s reply as it streams in; Ctrl-C stops it, keeps what came, and the REPL goes on', async () => {
    const llm = await new FakeLlm().start();
    llm.reply = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen';
    llm.streamWords = 1;
    llm.streamGapMs = 400;
    try {
      ({ session } = await repl({ BIBLE_LLM_BASE_URL: llm.url }));
      await session.type('What does the Bible say about worry?');
      await session.waitFor('one two three');
      await session.keys('C-c');
      const screen = await session.waitFor('(stopped; what came is kept)');
      expect(screen).not.toContain('sixteen');
      await session.waitFor(new RegExp(`${PROMPT}$`, 'm'));
      await session.type('/history');
      const history = await session.waitFor(/bible: one two three.* …\(stopped\)/);
      expect(history).not.toContain('sixteen');
    } finally {
      await llm.stop();
    }
  });

  it('one-shot `bible chat` on a terminal streams the reply, then its sources in a line (issue 35.4)', async () => {
    const llm = await new FakeLlm().start();
    llm.reply = 'As John 3:16 says, God so loved the world.';
    try {
      ({ session } = await repl({ BIBLE_LLM_BASE_URL: llm.url }, 'chat "What does John 3:16 mean?"'));
      const screen = await session.waitFor('Sources: King James Version');
      expect(screen).not.toContain('— Sources:');
      expect(screen).toContain('As John 3:16 says, God so loved the world.');
      expect(llm.requests.at(-1)?.body.stream).toBe(true);
    } finally {
      await llm.stop();
    }
  });
});
