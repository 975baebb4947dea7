import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { clearLine, clearScreenDown, createInterface, cursorTo, type Interface } from 'node:readline';
import { PERSONAS } from '../../core/personas.js';
import type { ChatResponse } from '../../core/schemas/chat.js';
import { quoted } from '../../core/text/quoted.js';
import type { Context } from '../context.js';
import { describeFailure } from '../exit-mapping.js';
import { onInterrupt } from '../interrupt.js';
import { Conversation } from './conversations.js';
import { limitsLine, offlineNote, renderMarkdown, replyParts, sourcesLine } from './render.js';
import { ask } from './session.js';
import { streamPrinter } from './stream-print.js';

const HELP = `Type a question and press Enter. End a line with \\ to go on to the next.
  /persona [id]   switch persona (default, biblical_scholar, simple_helper); a list without an id
  /new            start a new conversation
  /history        show this conversation
  /save [file.md] write the conversation as markdown (without a file: under the conversations directory)
  /clear          clear the screen (also Ctrl-L, or clear on its own)
  /usage          the persona in force and what is left of the daily and monthly limits
  /sources        the attributions of the works the last answer drew on
  /help           this help
  /exit           leave (or Ctrl-D); Ctrl-C cancels an answer being waited for`;

/** Words that, typed alone, are meant as the command of that name (a shell habit), not as a question. */
const BARE_COMMANDS = new Set(['clear', 'cls', 'exit', 'quit', 'help']);

export interface ReplOptions {
  persona: string;
  maxTokens?: number;
  /** The translation named with -t, quoted whatever the question's language. */
  translation?: string;
  conversation: Conversation;
  conversationsDir: string;
}

/** The interactive chat: readline with history, multi-line input, slash commands, cancellable answers. */
export async function runRepl(ctx: Context, options: ReplOptions): Promise<void> {
  const { io } = ctx;
  const { c } = ctx.style;
  let persona = options.persona;
  let conversation = options.conversation;
  let last: ChatResponse['meta'] | undefined;
  let lastSources: string | undefined;
  // The offline note says the same thing every answer: shown with the first only.
  let noteShown = false;
  let pending: AbortController | undefined;
  let buffer: string[] = [];

  const rl: Interface = createInterface({
    input: io.stdin,
    output: io.stdout as NodeJS.WritableStream,
    terminal: true,
    historySize: 500,
  });
  const prompt = () => {
    rl.setPrompt(buffer.length ? c.dim('... ') : c.bold(c.cyan('you> ')));
    rl.prompt();
  };
  const say = (text: string) => io.stdout.write(`${text}\n`);
  // A still "thinking…" rather than ora's spinner: ora takes stdin while it spins (typing ahead then
  // trips its concurrent-spinner warning, and stopping leaves the terminal out of raw mode) and
  // hooks stdout, both of which readline owns here.
  const waiting = () => {
    if (!ctx.globals.quiet) io.stdout.write(c.dim('thinking…'));
    return {
      stop: () => {
        if (ctx.globals.quiet) return;
        cursorTo(io.stdout as NodeJS.WritableStream, 0);
        clearLine(io.stdout as NodeJS.WritableStream, 0);
      },
    };
  };
  const clearScreen = () => {
    cursorTo(io.stdout as NodeJS.WritableStream, 0, 0);
    clearScreenDown(io.stdout as NodeJS.WritableStream);
  };

  io.stdout.write(
    c.dim(
      `bible chat · persona ${persona} · ${conversation.turns.length ? `resuming ${conversation.id}` : 'new conversation'} · /help for commands\n`,
    ),
  );

  // Resumed: the last exchange, so the conversation can be taken up where it was left.
  const turns = conversation.turns;
  const lastAnswer = turns.map((t) => t.role).lastIndexOf('assistant');
  const lastQuestion = turns
    .slice(0, Math.max(0, lastAnswer))
    .reverse()
    .find((t) => t.role === 'user');
  if (lastAnswer >= 0 && lastQuestion) {
    say(ctx.style.wrap(`${c.bold('you:')} ${lastQuestion.content}`));
    say(await renderMarkdown(ctx, replyParts(turns[lastAnswer]?.content ?? '').body));
  }

  const command = async (line: string): Promise<boolean> => {
    const [name, ...rest] = line.slice(1).split(/\s+/);
    const arg = rest.join(' ').trim();
    switch (name) {
      case 'exit':
      case 'quit':
        return false;
      case 'help':
        say(HELP);
        break;
      case 'new':
        conversation = Conversation.start(options.conversationsDir);
        last = undefined;
        say(c.dim(`new conversation ${conversation.id}`));
        break;
      case 'history':
        if (!conversation.turns.length) say(c.dim('(nothing yet)'));
        for (const t of conversation.turns)
          say(`${t.role === 'user' ? c.bold('you:') : c.bold('bible:')} ${t.content}`);
        break;
      case 'clear':
      case 'cls':
        clearScreen();
        break;
      case 'save': {
        const file = resolve(arg || conversation.savePath(options.conversationsDir));
        try {
          writeFileSync(file, conversation.markdown(`Conversation ${conversation.id}`), { mode: 0o600 });
          say(c.dim(`saved to ${file}`));
        } catch (err) {
          say(c.red(`could not save to ${file}: ${(err as Error).message}`));
        }
        break;
      }
      case 'usage':
        say(last ? limitsLine(last, persona) : c.dim(`${persona} · no messages yet in this session`));
        break;
      case 'sources':
        say(lastSources ? ctx.style.wrap(`Sources: ${lastSources}`) : c.dim('no sources yet in this session'));
        break;
      case 'persona': {
        let next = arg;
        if (!next) {
          rl.pause();
          const { select } = await import('@inquirer/prompts');
          next = await select({
            message: 'Persona',
            choices: PERSONAS.map((p) => ({ name: p, value: p })),
            default: persona,
          }).catch(() => persona);
          // The picker leaves the terminal cooked (its readline turns raw mode off as it closes):
          // without raw mode again every key is echoed twice and Ctrl-L prints ^L.
          if (io.stdin.isTTY) (io.stdin as NodeJS.ReadStream).setRawMode(true);
          rl.resume();
        }
        if (!PERSONAS.includes(next as (typeof PERSONAS)[number]))
          say(c.red(`unknown persona ${quoted(next)}: use ${PERSONAS.join(', ')}`));
        else {
          persona = next;
          say(c.dim(`persona: ${persona}`));
        }
        break;
      }
      default:
        say(c.red(`unknown command /${name}; /help lists them`));
    }
    return true;
  };

  const send = async (message: string) => {
    pending = new AbortController();
    const spinner = waiting();
    // Tokens are printed as they arrive; the spinner goes with the first.
    const printer = streamPrinter(ctx, () => spinner.stop());
    try {
      const response = await ask(ctx, conversation, message, {
        persona,
        maxTokens: options.maxTokens,
        translation: options.translation,
        signal: pending.signal,
        onText: (t) => printer.onText(t),
      });
      last = response.meta;
      const parts = await printer.finish(response.data.message);
      if (parts.offline && !noteShown) say(`\n${ctx.style.wrap(offlineNote(ctx))}`);
      noteShown ||= parts.offline;
      lastSources = parts.sources;
      if (parts.sources) say(`\n${await sourcesLine(ctx, parts.sources, '/sources has their attributions')}`);
      say(ctx.style.wrap(c.dim(limitsLine(response.meta))));
    } catch (err) {
      spinner.stop();
      if (pending.signal.aborted && printer.shown) {
        await printer.stop();
        say(c.dim('(stopped; what came is kept)'));
      } else if (pending.signal.aborted) say(c.dim('(cancelled)'));
      else say(c.red(`bible: ${describeFailure(err).message}`));
    } finally {
      pending = undefined;
    }
  };

  // Ctrl-C: cancels an answer being waited for; else clears the line; twice on an empty line leaves.
  let lastInterrupt = 0;
  const interrupt = () => {
    if (pending) {
      pending.abort();
      return;
    }
    if (buffer.length || rl.line) {
      buffer = [];
      io.stdout.write('\n');
      (rl as unknown as { line: string }).line = '';
      prompt();
      return;
    }
    const now = Date.now();
    if (now - lastInterrupt < 1500) rl.close();
    else {
      lastInterrupt = now;
      io.stdout.write(c.dim('\n(Ctrl-C again, Ctrl-D or /exit to leave)\n'));
      prompt();
    }
  };
  rl.on('SIGINT', interrupt);
  onInterrupt(interrupt);

  await new Promise<void>((resolve) => {
    let busy = Promise.resolve();
    // Lines that arrive together are one paste: gather them for a moment before sending.
    let pasteTimer: NodeJS.Timeout | undefined;
    const flush = () => {
      pasteTimer = undefined;
      const message = buffer.join('\n').trim();
      buffer = [];
      if (!message) return prompt();
      busy = busy.then(async () => {
        const bare = BARE_COMMANDS.has(message.toLowerCase()) ? `/${message.toLowerCase()}` : undefined;
        if ((message.startsWith('/') && !message.includes('\n')) || bare) {
          if (!(await command(bare ?? message))) return rl.close();
        } else {
          await send(message);
        }
        prompt();
      });
    };
    rl.on('line', (line) => {
      if (line.endsWith('\\')) {
        buffer.push(line.slice(0, -1));
        if (!pasteTimer) prompt();
        return;
      }
      buffer.push(line);
      if (pasteTimer) clearTimeout(pasteTimer);
      pasteTimer = setTimeout(flush, 25);
    });
    rl.on('close', () => {
      busy.then(() => {
        io.stdout.write('\n');
        resolve();
      });
    });
    prompt();
  });
  onInterrupt(undefined);
}
