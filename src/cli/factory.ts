import type { Context, GlobalOptions } from './context.js';
import type { IO } from './io.js';

/**
 * The dependencies of the commands, built once in `main` and handed to each command group's
 * `register…` (as gh's cmdutil.Factory). Nothing is made before an action asks for it, so
 * `bible --help` reads no config: the context (config, settings, style, output) is made at the
 * first `context()`, the client (transport and response cache) at the first `ctx.client()`,
 * and the workspace store when `withUserStore` opens it. A test builds one over its own IO and
 * runs a command's run function with real parts and no process.
 */
export class Factory {
  private globals: Partial<GlobalOptions> = {};
  private made: Promise<Context> | undefined;

  constructor(readonly io: IO) {}

  /** The global flags as commander parsed them (the program's preAction hook, before any action runs). */
  useGlobals(globals: Partial<GlobalOptions>): this {
    this.globals = globals;
    return this;
  }

  /** The context of this run, made on the first call and shared by every later one. */
  context(): Promise<Context> {
    // Loaded here, not imported: help, and a usage error, never read the config or load the rendering.
    this.made ??= import('./context.js').then(({ Context }) => Context.create(this.io, this.globals));
    return this.made;
  }
}
