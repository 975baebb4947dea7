import { onInterrupt } from '../interrupt.js';
import type { IO } from '../io.js';
import type { Style } from './style.js';

/**
 * What a command prints, gathered and then written at once: to a pager when stdout is a
 * terminal, the text is taller than it, and paging is not turned off; else straight out.
 */
export class Output {
  private readonly lines: string[] = [];

  constructor(
    private readonly io: IO,
    private readonly style: Style,
    private readonly pager: string | undefined,
  ) {}

  line(text = ''): void {
    this.lines.push(text);
  }

  /** A footer under content: the resource's attribution, as the contract requires wherever content is shown. */
  attribution(text: string): void {
    this.lines.push('', this.style.wrap(this.style.c.dim(`— ${text}`), 2, 0));
  }

  text(): string {
    return this.lines.length ? `${this.lines.join('\n')}\n` : '';
  }

  async flush(): Promise<void> {
    const text = this.text();
    this.lines.length = 0;
    if (!text) return;
    if (this.pager && this.style.tty) {
      const rows = (this.io.stdout as { rows?: number }).rows ?? 24;
      if (text.split('\n').length - 1 > rows - 1 && (await this.page(text))) return;
    }
    this.io.stdout.write(text);
  }

  private async page(text: string): Promise<boolean> {
    const pager = this.pager as string;
    const { spawn } = await import('node:child_process');
    return new Promise((resolve) => {
      const child = spawn(pager, {
        shell: true,
        stdio: ['pipe', 'inherit', 'inherit'],
        env: { LESS: 'FRX', ...this.io.env },
      });
      // Ctrl-C goes to the pager too (one process group): as git does, this process waits for the
      // pager to end rather than exit under it and leave it and the shell fighting over the terminal.
      const previous = onInterrupt(() => {});
      const done = (paged: boolean) => {
        onInterrupt(previous);
        resolve(paged);
      };
      child.on('error', () => done(false));
      child.stdin.on('error', () => {}); // the reader quit early: fine
      // Through the shell a pager that is not there is no spawn error but exit 127 (126: not
      // executable): the text is then printed after all rather than lost.
      child.on('close', (code) => done(code !== 127 && code !== 126));
      child.stdin.end(text);
    });
  }
}

/** The pager to use: --no-pager or config "never" turn it off; else $BIBLE_PAGER, $PAGER, `less -R`. */
export function choosePager(
  env: NodeJS.ProcessEnv,
  flag: boolean,
  configPager: string | undefined,
): string | undefined {
  if (!flag || configPager === 'never') return undefined;
  return env.BIBLE_PAGER || configPager || env.PAGER || 'less -R';
}
