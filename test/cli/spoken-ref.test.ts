import { describe, expect, it } from 'vitest';
import { spokenRef } from '../../src/cli/render/spoken-ref.js';
import { withScheme } from '../../src/config/settings.js';
import { runCliInProcess } from '../support/run-cli.js';

describe('words a reader expects', () => {
  it('one psalm is headed "Psalm", several "Psalms"', async () => {
    expect(spokenRef('Psalms 23')).toBe('Psalm 23');
    expect(spokenRef('Psalms 23:1-6')).toBe('Psalm 23:1-6');
    expect(spokenRef('Psalms 1-2')).toBe('Psalms 1-2');
    expect(spokenRef('Psalms 119:176-120:2')).toBe('Psalms 119:176-120:2');
    expect(spokenRef('John 3:16')).toBe('John 3:16');
    expect((await runCliInProcess(['passage', 'Ps 23:1'])).stdout.split('\n')[0]).toBe('Psalm 23:1 (KJV)');
    // --json keeps the canon's name.
    expect(JSON.parse((await runCliInProcess(['passage', 'Ps 23:1', '--json'])).stdout).passages[0].ref).toBe(
      'Psalms 23:1',
    );
  });

  it('a base URL without a scheme reads as http, as curl reads it', async () => {
    expect(withScheme('localhost:8787')).toBe('http://localhost:8787');
    expect(withScheme('bible.example/api')).toBe('http://bible.example/api');
    expect(withScheme('https://bible.example')).toBe('https://bible.example');
    expect(withScheme('ftp://x')).toBe('ftp://x');
    expect(withScheme('not a url')).toBe('not a url');
    const help = await runCliInProcess(['login', '--help']);
    expect(help.stdout).toContain('--base-url <url> (saved as baseUrl; localhost:8787 reads as http)');
  });
});
