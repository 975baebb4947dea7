import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli.js';

const KJV =
  "— King James Version (1769 standard text, with Strong's numbers). Public Domain. From the CrossWire SWORD module engKJV2006eb.\n";

describe('output for pipes and people', () => {
  it('--plain prints only the verses, a line each, and the attribution on stderr', async () => {
    const r = await runCliInProcess(['passage', 'John 3:16-17', '--plain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.\n' +
        'For God sent not his Son into the world to condemn the world; but that the world through him might be saved.\n',
    );
    expect(r.stderr).toBe(KJV);
    const chapter = await runCliInProcess(['chapter', 'Ps', '117', '--plain', '-t', 'kjv,web']);
    expect(chapter.stdout.split('\n')).toEqual([
      'O praise the LORD, all ye nations: praise him, all ye people.',
      'For his merciful kindness is great toward us: and the truth of the LORD endureth for ever. Praise ye the LORD.',
      'Praise Yahweh, all you nations! Extol him, all you peoples!',
      'For his loving kindness is great toward us. Yahweh’s faithfulness endures forever. Praise Yah!',
      '',
    ]);
    expect(chapter.stderr.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('--color always|never|auto: always colours a pipe, never wins over FORCE_COLOR, a wrong word is refused', async () => {
    const always = await runCliInProcess(['passage', 'John 3:16', '--color', 'always'], {
      env: { NO_COLOR: undefined },
    });
    expect(always.stdout).toContain('\u001b[1mJohn 3:16 (KJV)\u001b[22m');
    const never = await runCliInProcess(['--color=never', 'passage', 'John 3:16'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(never.stdout).not.toContain('\u001b[');
    const auto = await runCliInProcess(['passage', 'John 3:16', '--color', 'auto'], { env: { NO_COLOR: undefined } });
    expect(auto.stdout).not.toContain('\u001b[');
    const wrong = await runCliInProcess(['passage', 'John 3:16', '--color', 'sometimes']);
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      "bible: option '--color <when>' argument 'sometimes' is invalid. Allowed choices are always, never, auto.\n",
    ]);
  });
});
