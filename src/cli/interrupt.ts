/**
 * Ctrl-C: by default the CLI stops at once with exit code 130 and no stack trace. A command that
 * must finish something first (serve, chat) installs its own handler for as long as it runs.
 */
let handler: (() => void) | undefined;

export function onInterrupt(fn: (() => void) | undefined): void {
  handler = fn;
}

export function installInterruptHandler(): void {
  process.on('SIGINT', () => {
    if (handler) handler();
    else process.exit(130);
  });
}
