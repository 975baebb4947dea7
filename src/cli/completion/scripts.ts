import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import type { ProgramModel } from './model.js';
import { zshScript } from './zsh.js';

/** Each shell's completion script, written from the program's model. */
export const SCRIPTS: Record<'bash' | 'zsh' | 'fish', (model: ProgramModel) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};
