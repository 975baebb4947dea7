import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../src/cli/shell-word.js';

describe('shellWord', () => {
  it('quotes only what needs it, and the shell reads back the text', () => {
    expect(shellWord('worry')).toBe('worry');
    expect(shellWord("the thief's cross")).toBe('"the thief\'s cross"');
    expect(shellWord('say "hi" $HOME')).toBe(`'say "hi" $HOME'`);
    for (const text of ['worry', "the thief's cross", `it's "$HOME" \`x\` \\ !`])
      expect(execFileSync('sh', ['-c', `printf %s ${shellWord(text)}`], { encoding: 'utf8' })).toBe(text);
  });
});
