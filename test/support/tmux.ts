import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** A program in a real pseudo-terminal: a detached tmux session we type into and read from. */
export class TmuxSession {
  private constructor(readonly name: string) {}

  /** `width`: the window's columns (110 unless given; 40 for a narrow terminal). */
  static async start(
    command: string,
    env: Record<string, string>,
    options: { width?: number } = {},
  ): Promise<TmuxSession> {
    const name = `bible-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const vars = Object.entries(env).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    const args = [
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(options.width ?? 110),
      '-y',
      '50',
      `env ${vars.join(' ')} ${command}; sleep 30`,
    ];
    // A session started just as the last one's kill takes the tmux server down fails with
    // "server exited unexpectedly": started again, it gets a new server.
    await exec('tmux', args).catch(async (err: Error) => {
      if (!/server exited unexpectedly/.test(err.message)) throw err;
      await exec('tmux', args);
    });
    return new TmuxSession(name);
  }

  async type(text: string, enter = true): Promise<void> {
    await exec('tmux', ['send-keys', '-t', this.name, '-l', text]);
    if (enter) await exec('tmux', ['send-keys', '-t', this.name, 'Enter']);
  }

  async keys(...keys: string[]): Promise<void> {
    await exec('tmux', ['send-keys', '-t', this.name, ...keys]);
  }

  /** The screen with the 500 lines of scrollback above it, or only what is visible (a cleared screen goes to the scrollback). */
  async screen(scope: 'scrollback' | 'visible' = 'scrollback'): Promise<string> {
    const from = scope === 'visible' ? [] : ['-S', '-500'];
    const { stdout } = await exec('tmux', ['capture-pane', '-p', '-J', '-t', this.name, ...from]);
    return stdout;
  }

  /** Waits until the screen shows `what` (a string, a pattern, or a test of the screen), or fails with what it shows. */
  async waitFor(
    what: string | RegExp | ((screen: string) => boolean),
    timeoutMs = 15_000,
    scope: 'scrollback' | 'visible' = 'scrollback',
  ): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const screen = await this.screen(scope);
      const seen =
        typeof what === 'string' ? screen.includes(what) : what instanceof RegExp ? what.test(screen) : what(screen);
      if (seen) return screen;
      if (Date.now() > until) throw new Error(`timed out waiting for ${String(what)}; the screen shows:\n${screen}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async kill(): Promise<void> {
    await exec('tmux', ['kill-session', '-t', this.name]).catch(() => {});
  }
}
