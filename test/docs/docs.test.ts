import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { usageFiles, usageLines } from '../../scripts/readme-lines.mjs';

/** The README says what it is and how to start; the rest goes to docs/. */
const README_MAX_LINES = 350;

const files: string[] = usageFiles();

describe('the README and docs/', () => {
  it(`the README is at most ${README_MAX_LINES} lines`, () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('docs/README.md lists every document in docs/, and the README links to it', () => {
    const index = readFileSync('docs/README.md', 'utf8');
    const docs = files.filter((f) => f.startsWith('docs/') && f !== 'docs/README.md');
    expect(docs.length).toBeGreaterThanOrEqual(11);
    expect(docs.filter((f) => !index.includes(`](${f.slice('docs/'.length)})`))).toEqual([]);
    expect(readFileSync('README.md', 'utf8')).toContain('](docs/README.md)');
  });

  it('every relative link in the README and docs/ names a file that is there', () => {
    const broken = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map((m) => m[1] as string)
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => normalize(join(dirname(file), target)))
        .filter((path) => !existsSync(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(broken).toEqual([]);
  });

  it('usage lines are the lines of sh blocks whose every line runs bible', () => {
    const markdown = [
      '```sh',
      'bible passage "John 3:16"   # a comment stays on its line',
      '# a comment line is left out',
      '',
      'echo "who" | bible chat ; mkdir -p x && bible completion bash > x/bible',
      '```',
      '```sh',
      'npm ci && npm link --ignore-scripts && bible passage "John 3:16"',
      'npm test',
      '```',
      '```text',
      'bible serve --port 8787',
      '```',
      '```json',
      '{ "command": "bible" }',
      '```',
      '```sh',
      'bibles are not bible',
      '```',
    ].join('\n');
    expect(usageLines(markdown)).toEqual([
      'bible passage "John 3:16"   # a comment stays on its line',
      'echo "who" | bible chat ; mkdir -p x && bible completion bash > x/bible',
    ]);
  });
});
