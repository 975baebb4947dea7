import { describe, expect } from 'vitest';
import { runCli } from '../support/cli.js';
import { itWithSword } from '../support/env.js';
import { runCliInProcess } from '../support/run-cli.js';

const ITALIC = '\u001b[3m';
const ITALIC_OFF = '\u001b[23m';
const colour = { NO_COLOR: undefined, FORCE_COLOR: '1' };

/** The lines of the output without the attribution line that ends it. */
const body = (stdout: string) => stdout.trimEnd().split('\n').slice(0, -1);

describe('the text as printed in the CLI: psalm titles, the supplied words', () => {
  itWithSword('a psalm title is shown before its verse, by default; --plain prints the text only', async () => {
    const shown = await runCliInProcess(['passage', 'Ps 32:1-2', '-t', 'kjv']);
    expect(shown.code).toBe(0);
    expect(body(shown.stdout)).toEqual([
      'Psalm 32:1-2 (KJV)',
      'A Psalm of David, Maschil.',
      '1 Blessed is he whose transgression is forgiven, whose sin is covered.',
      '2 Blessed is the man unto whom the LORD imputeth not iniquity, and in whose spirit there is no guile.',
      '',
    ]);
    const plain = await runCliInProcess(['passage', 'Ps 32:1', '-t', 'kjv', '--plain']);
    expect(plain.stdout).toBe('Blessed is he whose transgression is forgiven, whose sin is covered.\n');
    const json = JSON.parse((await runCliInProcess(['passage', 'Ps 90:1', '-t', 'kjv', '--json'])).stdout);
    expect(json.passages[0].verses[0]).toEqual({
      book: 'Psalms',
      chapter: 90,
      v: 1,
      text: 'Lord, thou hast been our dwelling place in all generations.',
      title: 'A Prayer of Moses the man of God.',
    });
  });

  itWithSword('the supplied words: italic in colour, none without; --added brackets, with --plain too', async () => {
    const italic = await runCliInProcess(['passage', 'Ps 32:1', '-t', 'kjv'], { env: colour });
    expect(italic.stdout).toContain(`Blessed ${ITALIC}is he whose${ITALIC_OFF} transgression ${ITALIC}is${ITALIC_OFF}`);
    // The title's own supplied words too.
    expect(italic.stdout).toContain(`${ITALIC}A Psalm${ITALIC_OFF} of David, Maschil.`);
    for (const off of [
      ['--added', 'none'],
      ['--color', 'never'],
    ]) {
      const plain = await runCliInProcess(['passage', 'Ps 32:1', '-t', 'kjv', ...off], { env: colour });
      expect(plain.stdout).toContain('Blessed is he whose transgression is forgiven');
    }
    const noColour = await runCliInProcess(['passage', 'Ps 32:1', '-t', 'kjv'], { env: { NO_COLOR: '1' } });
    expect(noColour.stdout).not.toContain(ITALIC);
    const brackets = await runCliInProcess(['passage', 'Ps 32:1', '-t', 'kjv', '--added', 'brackets']);
    expect(brackets.stdout).toContain('1 Blessed [is he whose] transgression [is] forgiven, [whose] sin [is] covered.');
    expect(brackets.stdout).toContain('\n[A Psalm] of David, Maschil.\n');
    const titled = JSON.parse(
      (await runCliInProcess(['passage', 'Ps 32:1', '-t', 'kjv', '--added', 'brackets', '--json'])).stdout,
    );
    expect(titled.passages[0].verses[0].titleAdded).toEqual([{ start: 0, end: 7 }]);
    const plain = await runCliInProcess(['passage', 'Ps 32:1', '-t', 'kjv', '--added', 'brackets', '--plain']);
    expect(plain.stdout).toBe('Blessed [is he whose] transgression [is] forgiven, [whose] sin [is] covered.\n');
    // A translation that marks none prints as it is.
    const web = await runCliInProcess(['passage', 'Ps 32:1', '-t', 'web', '--added', 'brackets', '--plain']);
    expect(web.stdout).not.toContain('[');
    const json = JSON.parse(
      (await runCliInProcess(['passage', 'John 10:17', '-t', 'kjv', '--added', 'brackets', '--strongs', '--json']))
        .stdout,
    );
    const verse = json.passages[0].verses[0];
    expect(verse.added).toEqual([]);
    expect(verse.words.filter((w: { strongs: string[] }) => w.strongs.includes('G25'))).toEqual([
      { text: 'doth', strongs: ['G25'], red: true },
      { text: 'love', strongs: ['G25'], red: true },
    ]);
    const bad = await runCliInProcess(['passage', 'Ps 32:1', '--added', 'bold']);
    expect([bad.code, bad.stderr]).toEqual([2, "bible: --added takes italic, brackets or none, not 'bold'\n"]);
  });

  itWithSword('search finds a title; the concordance counts tagged words (the built CLI)', async () => {
    const search = await runCli(['search', 'Maschil', '-t', 'kjv']);
    expect(search.code).toBe(0);
    const lines = body(search.stdout).filter((l) => l.startsWith('Psalms '));
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe(
      'Psalms 32:1  A Psalm of David, Maschil. Blessed is he whose transgression is forgiven, whose sin is covered.',
    );
    const concordance = await runCli(['concordance', 'G25', '-t', 'kjv', '--limit', '1']);
    expect(concordance.stdout).toContain('109 verses, 146 tagged words');
    const help = await runCli(['passage', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      '--added <style> the translators\' supplied words (the KJV\'s italics): italic (the default in colour), in brackets ([was]) or none (choices: "italic", "brackets", "none")',
    );
    const completion = await runCli(['completion', 'bash']);
    expect(completion.stdout).toContain('--added');
    expect(completion.stdout).toContain('italic brackets none');
  });
});
