import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidReferenceError, parseReference, type Reference } from '../core/reference/reference.js';
import type { Context } from './context.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { readAll } from './io.js';

/**
 * A reference and the words after it: the longest run of leading words that reads as one
 * reference, so `note add John 3:16 so loved` and `note add "John 3:16" "so loved"` both work.
 */
export function referenceAndText(words: string[]): { ref: Reference; text: string } {
  // The most telling refusal: the longest run that parsed but names no such place, else the first word's.
  let notFound: InvalidReferenceError | undefined;
  let shortest: InvalidReferenceError | undefined;
  for (let k = words.length; k >= 1; k--) {
    try {
      return { ref: parseReference(words.slice(0, k).join(' ')), text: words.slice(k).join(' ') };
    } catch (err) {
      if (!(err instanceof InvalidReferenceError)) throw err;
      if (!notFound && err.kind === 'not-found') notFound = err;
      shortest = err;
    }
  }
  throw notFound ?? shortest ?? new InvalidReferenceError('syntax', 'no reference given');
}

/**
 * A note's text when none was given as words: piped stdin, or on a terminal the user's editor
 * ($VISUAL, $EDITOR, else vi) on a private temporary file holding `initial`.
 */
export async function noteTextFromUser(ctx: Context, initial = ''): Promise<string> {
  if (!ctx.io.stdin.isTTY) return readAll(ctx.io.stdin);
  const editor = ctx.env.VISUAL || ctx.env.EDITOR || 'vi';
  const dir = mkdtempSync(join(process.getBuiltinModule('node:os').tmpdir(), 'bible-note-'));
  const file = join(dir, 'note.md');
  try {
    writeFileSync(file, initial, { mode: 0o600 });
    // Loaded here: at the top it would load with `bible --help` and every run that lists the commands.
    const { spawn } = await import('node:child_process');
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(`${editor} "$BIBLE_NOTE_FILE"`, {
        shell: true,
        stdio: 'inherit',
        env: { ...ctx.env, BIBLE_NOTE_FILE: file },
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0)
      throw new CliError(`the editor (${editor}) exited with status ${code}; nothing saved`, EXIT.FAILURE);
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
