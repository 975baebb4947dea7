import type { Command } from 'commander';
import { libraryPath } from '../../config/paths.js';
import { quoted } from '../../core/text/quoted.js';
import type { KeyStoreOptions } from '../../service/keys/key-store.js';
import type { StateStore } from '../../service/state/state-store.js';
import type { Context } from '../context.js';
import { mappedStack } from '../debug-stack.js';
import { CliError, usageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { wholeNumber } from '../flags.js';
import { onInterrupt } from '../interrupt.js';

/** The state store `--db`/BIBLE_SERVICE_DB names (else service.sqlite); a bad URL is a usage error. */
export async function openState(ctx: Context, db: string | undefined, sqlite: KeyStoreOptions): Promise<StateStore> {
  const { openStateStore, StateStoreError } = await import('../../service/state/open.js');
  try {
    return await openStateStore({ db, env: ctx.env, sqlite });
  } catch (err) {
    if (err instanceof StateStoreError) throw err.usage ? usageError(err.message) : new CliError(err.message);
    throw err;
  }
}

export interface ServeOptions {
  host: string;
  port: number;
  db?: string;
}

/** Serves the Partner data interface over HTTP until SIGINT or SIGTERM. */
export async function runServe(opts: ServeOptions, ctx: Context): Promise<void> {
  const { port } = opts;
  const [{ openLibrary }, { SERVER_STORE_OPTIONS }, { startServer, PortInUseError }] = await Promise.all([
    import('../../library/ensure.js'),
    import('../../service/keys/key-store.js'),
    import('../../service/server.js'),
  ]);
  // The MCP SDK and the tools are loaded before the server listens: loaded with the first /mcp
  // request, they held every request in flight for that long (bench/hostile.mjs: /healthz 3 s).
  const { answerMcp, warmMcp } = await import('../mcp/http.js');
  await warmMcp();
  const keys = await openState(ctx, opts.db, SERVER_STORE_OPTIONS);
  let store: Awaited<ReturnType<typeof openLibrary>>;
  try {
    store = await openLibrary(libraryPath(ctx.env), ctx.env, (m) => ctx.io.stderr.write(`bible: ${m}\n`));
  } catch (err) {
    await keys.close();
    throw err;
  }
  const out = (line: string) => ctx.io.stdout.write(`${line}\n`);
  // Start and stop stamped as the request lines are (server.ts), so one log reads in time order.
  const event = (line: string) => out(`${new Date().toISOString()} bible serve: ${line}`);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      host: opts.host,
      port,
      store,
      keys,
      log: ctx.globals.quiet ? () => {} : out,
      mcp: answerMcp,
      logError: (err) =>
        ctx.io.stderr.write(
          `bible serve: ${ctx.globals.debug && err instanceof Error && err.stack ? mappedStack(err.stack) : String(err)}\n`,
        ),
    });
  } catch (err) {
    store.close();
    await keys.close();
    if (err instanceof PortInUseError) throw new CliError(err.message);
    throw err;
  }
  event(`listening on ${server.url} (data interface under /v1/data, contract at /openapi.json, MCP at /mcp)`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      event(`${signal}: finishing open requests and stopping`);
      onInterrupt(undefined);
      process.off('SIGTERM', onTerm);
      server
        .close()
        .then(() => {
          store.close();
          return keys.close();
        })
        .finally(() => {
          event('stopped');
          resolve();
        });
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    onInterrupt(onInt);
    process.on('SIGTERM', onTerm);
  });
}

export function registerServe(program: Command, f: Factory): void {
  program
    .command('serve')
    .description('serve the Partner data interface over HTTP from the local library')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--port <port>',
      'port to listen on (0 picks a free one)',
      wholeNumber((text) => `--port must be a number from 0 to 65535 (got ${quoted(text)})`, {
        max: 65535,
        pattern: /^\d{1,5}$/,
      }),
      8787,
    )
    .option(
      '--db <url>',
      'keep keys and counters in PostgreSQL (postgres://…; also BIBLE_SERVICE_DB), shared by several nodes',
    )
    .action(async (opts: ServeOptions) => runServe(opts, await f.context()));
}
