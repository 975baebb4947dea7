import { join } from 'node:path';
import type { Command } from 'commander';
import { dataDir } from '../../config/paths.js';
import { PERSONAS } from '../../core/personas.js';
import { quoted } from '../../core/text/quoted.js';
import { Conversation, listConversations } from '../chat/conversations.js';
import { limitsLine, offlineNote, renderReply, sourcesLine } from '../chat/render.js';
import { ask } from '../chat/session.js';
import { streamPrinter } from '../chat/stream-print.js';
import type { Context } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import { choiceOption, wholeNumber } from '../flags.js';
import { onInterrupt } from '../interrupt.js';
import { readAll } from '../io.js';
import { present } from '../present.js';
import { startSpinner } from '../spinner.js';

/** `bible chat`: the message's words (else stdin, else the REPL) and how to ask. */
export interface ChatOptions {
  message: string[];
  persona?: string;
  maxTokens?: number;
  /** The translation to quote, whatever the question's language. */
  translation?: string;
  continue?: boolean;
  resume?: string;
}

const unknownPersona = (id: string) => `unknown persona ${quoted(id)}: use ${PERSONAS.join(', ')}`;

export function conversationsDir(ctx: Context): string {
  return join(dataDir(ctx.env), 'conversations');
}

/** The conversation `--resume <id>` names, or an error saying what there is. */
function resumed(dir: string, id: string): Conversation {
  const found = Conversation.find(dir, id);
  if (!found)
    throw new CliError(`no conversation ${quoted(id)}: \`bible chat log\` lists them with their ids`, EXIT.NOT_FOUND);
  if (Array.isArray(found))
    throw usageError(
      `${quoted(id)} matches ${found.length} conversations (${found.map((c) => c.id).join(', ')}): give more of the id`,
    );
  return found;
}

export async function runChat(opts: ChatOptions, ctx: Context): Promise<void> {
  // The flag is checked as commander reads it; a saved setting here.
  const persona = opts.persona ?? ctx.config.persona ?? 'default';
  if (!PERSONAS.includes(persona as (typeof PERSONAS)[number])) throw usageError(unknownPersona(persona));
  const { maxTokens } = opts;
  // Checked against the catalog as every -t is (an unknown one named, with a suggestion).
  const translation = opts.translation === undefined ? undefined : await ctx.resourceId('bible', opts.translation);
  const dir = conversationsDir(ctx);
  const conversation =
    (opts.resume !== undefined && resumed(dir, opts.resume)) ||
    (opts.continue && Conversation.latest(dir)) ||
    Conversation.start(dir);
  let message = opts.message.join(' ').trim();
  if (!message && !ctx.io.stdin.isTTY) message = (await readAll(ctx.io.stdin)).trim();
  if (!message) {
    if (!ctx.io.stdin.isTTY)
      throw usageError('no question: give one (bible chat "…"), pipe one in, or run bible chat in a terminal');
    const { runRepl } = await import('../chat/repl.js');
    return runRepl(ctx, { persona, maxTokens, translation, conversation, conversationsDir: dir });
  }
  const spinner = await startSpinner(ctx.io, 'thinking', ctx.globals.quiet);
  // On a terminal the reply is streamed and printed as it comes; Ctrl-C stops it and keeps what came.
  const streaming = ctx.atTerminal;
  const printer = streamPrinter(ctx, () => spinner.stop());
  const cancel = new AbortController();
  if (streaming) onInterrupt(() => cancel.abort());
  try {
    const response = await ask(ctx, conversation, message, {
      persona,
      maxTokens,
      translation,
      signal: cancel.signal,
      ...(streaming ? { onText: (t: string) => printer.onText(t) } : {}),
    });
    spinner.stop();
    await present(ctx, response, async () => {
      if (streaming) {
        // On a terminal: the reply once, the offline note, and the sources in a line (--json has them whole).
        const parts = await printer.finish(response.data.message);
        if (parts.offline) ctx.io.stdout.write(`\n${ctx.style.wrap(offlineNote(ctx))}\n`);
        if (parts.sources)
          ctx.io.stdout.write(
            `\n${await sourcesLine(ctx, parts.sources, 'bible chat --json has their attributions')}\n`,
          );
      } else ctx.io.stdout.write(await renderReply(ctx, response.data.message));
      if (!ctx.globals.quiet) ctx.io.stderr.write(`${ctx.style.wrap(ctx.style.c.dim(limitsLine(response.meta)))}\n`);
    });
  } catch (err) {
    spinner.stop();
    if (cancel.signal.aborted && printer.shown) {
      await printer.stop();
      ctx.io.stdout.write(`${ctx.style.c.dim('(stopped; what came is kept)')}\n`);
    }
    throw err;
  } finally {
    if (streaming) onInterrupt(undefined);
  }
}

export async function runChatLog(ctx: Context): Promise<void> {
  await present(ctx, listConversations(conversationsDir(ctx), 20), (list) => {
    if (!list.length) ctx.io.stdout.write('No conversations yet.\n');
    for (const c of list) ctx.io.stdout.write(`${c.id}\t${c.turns} turns\t${c.first}\n`);
  });
}

export function registerChat(program: Command, f: Factory): void {
  const chat = program
    .command('chat')
    .description('ask about the Bible: bible chat "question", a pipe, or a conversation in the terminal')
    .argument('[message...]')
    .addOption(
      choiceOption('--persona <id>', `${PERSONAS.join(', ')} (default: config, else default)`, PERSONAS, {
        message: unknownPersona,
      }),
    )
    .option(
      '--max-tokens <n>',
      'longest reply, in tokens (capped by the key)',
      wholeNumber(() => '--max-tokens must be a whole number of at least 1', { min: 1 }),
    )
    .option('-t, --translation <id>', "translation to quote, whatever the question's language (default: the KJV)")
    .option('--continue', 'resume the last conversation')
    .option('--resume <id>', 'resume a past conversation by its id (or a unique part of it) from `bible chat log`')
    .action(async (message: string[], opts: Omit<ChatOptions, 'message'>) =>
      runChat({ ...opts, message }, await f.context()),
    );
  chat
    .command('log')
    .description('recent conversations')
    .action(async () => runChatLog(await f.context()));
}
