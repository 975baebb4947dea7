/**
 * Ctrl-C: by default the CLI stops at once with exit code 130 and no stack trace. A command that
 * must finish something first (serve, chat) installs its own handler for as long as it runs.
 */
let handler: (() => void) | undefined;

/** Sets the handler (undefined: exit 130) and returns the one it replaces, to be put back. */
export function onInterrupt(fn: (() => void) | undefined): (() => void) | undefined {
  const previous = handler;
  handler = fn;
  return previous;
}

export function installInterruptHandler(): void {
  process.on('SIGINT', () => {
    if (handler) handler();
    else process.exit(130);
  });
}
