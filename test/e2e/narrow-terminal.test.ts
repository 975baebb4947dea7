import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliEnv } from '../support/cli.js';
import { TmuxSession } from '../support/tmux.js';

const BIN = join(process.cwd(), 'bin', 'bible.js');
const WIDTH = 40;

/** `bible <args>` in a real terminal 40 columns wide; the screen's lines once it has printed `until`. */
async function narrow(args: string, until: string | RegExp): Promise<{ session: TmuxSession; lines: string[] }> {
  const home = mkdtempSync(join(tmpdir(), 'bible-narrow-'));
  const env = cliEnv({ env: { HOME: home } }) as Record<string, string>;
  const session = await TmuxSession.start(`${process.execPath} ${BIN} ${args}`, env, { width: WIDTH });
  const screen = await session.waitFor(until);
  // Without -J: every row as the terminal shows it, so a line the program made too wide shows as two.
  const lines = screen.split('\n').filter((l) => l.trim());
  return { session, lines };
}

describe('a terminal 40 columns wide (issue 35.10, 35.12)', () => {
  let session: TmuxSession | undefined;
  afterEach(async () => {
    await session?.kill();
    session = undefined;
  });

  it('interleaved parallel keeps every translation under the verse label’s indent', async () => {
    let lines: string[];
    ({ session, lines } = await narrow('passage john 3:16-17 -t kjv,web', 'engWEB2015eb'));
    expect(lines).toContain('16 KJV For God so loved the');
    expect(lines).toContain('   WEB For God so loved the world,');
    expect(lines).toContain('   WEB For God didn’t send his Son');
    const verses = lines.slice(
      lines.indexOf('16 KJV For God so loved the'),
      lines.findIndex((l) => l.startsWith('—')),
    );
    for (const line of verses) expect(line).toMatch(/^(1[67] KJV| {3}WEB| {7}\S)/);
  });

  it('find wraps the verse and its reasons at words, each reason under its own indent', async () => {
    let lines: string[];
    ({ session, lines } = await narrow('find love is patient --limit 1', /module engKJV2006eb/));
    expect(lines).toContain('1 Corinthians 13:4  Charity suffereth');
    expect(lines).toContain('  long, and is kind; charity envieth');
    expect(lines).toContain('  · Strong\'s G3114 makrothyméō "to be');
    expect(lines).toContain('    long-spirited" (patient)');
  });

  it('the search chart and the concordance’s renderings fit, a rendering never parted from its count', async () => {
    let lines: string[];
    ({ session, lines } = await narrow('concordance G25 --limit 1', /SWORD module StrongsGreek/));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(WIDTH);
    expect(lines).toContain('Rendered: love ×51, loved ×29,');
    expect(lines).toContain('  loveth ×20, beloved ×7, ye love ×7,');
    expect(lines.filter((l) => /^\s*×/.test(l))).toEqual([]);
    expect(lines).toContain('NT ▂▁▃█·▂▁▁▁▂·▁▁▁·▁··▁▁▁▁▅▁▁·▁');
    await session.kill();
    ({ session, lines } = await narrow('search faith --limit 1', /module engKJV2006eb/));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(WIDTH);
    expect(lines).toContain('1-1 of 231: --offset 1 for the next,');
  });
});
