import { existsSync, readdirSync } from 'node:fs';
import type { Command } from 'commander';
import { libraryPath } from '../../config/paths.js';
import { BOOKS } from '../../core/canon/canon.js';
import { PERSONAS } from '../../core/personas.js';
import { quoted } from '../../core/text/quoted.js';
import type { CompleteWhat } from '../completion/model.js';
import type { Context } from '../context.js';
import type { Factory } from '../factory.js';
import { choiceArgument } from '../flags.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type CatalogKind = 'bible' | 'commentaries' | 'dictionaries' | 'topics';

/** Built-in plan ids and the ids of the user's plan files (broken files too: completion only offers). */
async function planIds(env: NodeJS.ProcessEnv): Promise<string[]> {
  const { BUILT_IN_IDS } = await import('../../workspace/plans/builtin.js');
  const { planFileId, planFilesDir } = await import('../../workspace/plans/plan-file.js');
  const dir = planFilesDir(env);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /\.(json|csv)$/i.test(f)) : [];
  return [...BUILT_IN_IDS, ...files.map(planFileId)];
}

/**
 * The completion script for a shell, written from the whole program (this run registered only this
 * group): every command, option, choice and argument it offers is the program's own.
 */
export async function completionScript(shell: (typeof SHELLS)[number], f: Factory): Promise<string> {
  const [{ buildProgram }, { programModel }, scripts] = await Promise.all([
    import('../program.js'),
    import('../completion/model.js'),
    import('../completion/scripts.js'),
  ]);
  return scripts.SCRIPTS[shell](programModel(await buildProgram(f)));
}

export function registerCompletion(program: Command, f: Factory): void {
  program
    .command('completion')
    .description('print the shell completion script: bible completion bash > /etc/bash_completion.d/bible')
    .addArgument(
      choiceArgument('<shell>', SHELLS.join(', '), SHELLS, {
        message: (shell) => `completion is for ${SHELLS.join(', ')} (got ${quoted(shell)})`,
      }),
    )
    .action(async (shell: (typeof SHELLS)[number]) => {
      f.io.stdout.write(await completionScript(shell, f));
    });
  // Used by the completion scripts: words to offer, one per line.
  program
    .command('__complete', { hidden: true })
    .argument('<what>')
    .action(async (what: string) => {
      const ctx: Context = await f.context();
      const say = (words: string[]): void => {
        f.io.stdout.write(`${words.join('\n')}\n`);
      };
      if (what === 'books') return say(BOOKS.map((b) => b.name.replace(/ /g, '\\ ')));
      if (what === 'personas') return say([...PERSONAS]);
      if (what === 'plans') return say(await planIds(ctx.env));
      // Every `what` the scripts ask for (completion/model.ts) is answered here.
      const kinds: Record<Exclude<CompleteWhat, 'books' | 'personas' | 'plans' | 'genbooks'>, CatalogKind> = {
        translations: 'bible',
        commentaries: 'commentaries',
        dictionaries: 'dictionaries',
        topics: 'topics',
      };
      const kind = Object.hasOwn(kinds, what) ? kinds[what as keyof typeof kinds] : undefined;
      if (!kind && what !== 'genbooks') return;
      // A TAB press must never start a first-use import of the embedded library.
      if (!ctx.settings.baseUrl && !existsSync(libraryPath(ctx.env))) return;
      try {
        const client = await ctx.client();
        if (!kind) return say((await client.genbooks()).genbooks.map((b) => b.id));
        const catalog = await client.catalog();
        say(catalog[kind].map((i) => i.id));
      } catch {
        // completion offers nothing rather than an error
      }
    });
}
