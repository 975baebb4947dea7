import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { BibleClient } from '../client/client.js';
import { shownUrl } from '../client/shown-url.js';
import { cacheDir, libraryPath } from '../config/paths.js';
import { type ConfigValues, type Resolved, readConfig, resolveSettings } from '../config/settings.js';
import { quoted } from '../core/text/quoted.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import type { IO } from './io.js';
import { choosePager, Output } from './render/output.js';
import { makeStyle, type Style } from './render/style.js';
import { startSpinner } from './spinner.js';

/** Options every command understands (set on the root program). */
export type ColorWhen = 'always' | 'never' | 'auto';

export interface GlobalOptions {
  json: boolean;
  debug: boolean;
  quiet: boolean;
  /** false with --no-color; --color's when (always, never, auto) as given. */
  color: boolean | ColorWhen;
  cache: boolean;
  pager: boolean;
  baseUrl?: string;
}

export type ResourceKind = 'bible' | 'commentaries' | 'dictionaries' | 'topics';
export const CONFIG_DEFAULT: Record<ResourceKind, keyof ConfigValues> = {
  bible: 'translation',
  commentaries: 'commentary',
  dictionaries: 'dictionary',
  topics: 'topics',
};

/** What a command's run function gets: IO, settings, style, output and (lazily) the client. */
export class Context {
  readonly env: NodeJS.ProcessEnv;
  readonly globals: GlobalOptions;
  readonly settings: Resolved;
  readonly out: Output;
  private clientPromise: Promise<BibleClient> | undefined;

  /** Use Context.create (through the Factory): the style loads what it needs asynchronously. */
  private constructor(
    readonly io: IO,
    globals: Partial<GlobalOptions>,
    readonly config: ConfigValues,
    readonly style: Style,
  ) {
    this.env = io.env;
    this.globals = {
      json: !!globals.json,
      debug: !!globals.debug,
      quiet: !!globals.quiet,
      color: globals.color ?? true,
      cache: globals.cache !== false,
      pager: globals.pager !== false,
      baseUrl: globals.baseUrl,
    };
    this.settings = resolveSettings(this.env, { baseUrl: this.globals.baseUrl }, this.config);
    this.out = new Output(io, this.style, choosePager(this.env, this.globals.pager, this.config.pager));
  }

  static async create(io: IO, globals: Partial<GlobalOptions>): Promise<Context> {
    const config = readConfig(io.env);
    const style = await makeStyle(io, { color: globals.color }, config.color);
    return new Context(io, globals, config, style);
  }

  debug(line: string): void {
    if (this.globals.debug) this.io.stderr.write(`${this.style.c.dim(`debug: ${line}`)}\n`);
  }

  notice(line: string): void {
    if (!this.globals.quiet) this.io.stderr.write(`bible: ${line}\n`);
  }

  /** The client: HTTP when a base URL is set (flag, BIBLE_BASE_URL or config), else the embedded library. */
  client(): Promise<BibleClient> {
    this.clientPromise ??= this.makeClient();
    return this.clientPromise;
  }

  private async makeClient(): Promise<BibleClient> {
    const { BibleClient } = await import('../client/client.js');
    const { apiKey, baseUrl } = this.settings;
    let transport: import('../client/transport.js').Transport;
    let identity: string;
    let firstUse = false;
    if (baseUrl) {
      if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) {
        throw new CliError(`base URL ${quoted(baseUrl)} is not an http(s) URL`, EXIT.USAGE);
      }
      transport = lazyHttpTransport(baseUrl);
      const { createHash } = await import('node:crypto');
      identity = `${baseUrl.replace(/\/+$/, '')}\n${createHash('sha256')
        .update(apiKey ?? '')
        .digest('hex')}`;
    } else {
      const { EmbeddedTransport } = await import('./embedded-transport.js');
      const path = libraryPath(this.env);
      const { importProgress } = await import('./progress.js');
      transport = new EmbeddedTransport(
        path,
        this.env,
        (m) => this.notice(m),
        importProgress(this.io, this.globals.quiet),
      );
      // A new import makes a new identity, so answers cached from the old library are not reused.
      let built = 0;
      try {
        built = statSync(path).mtimeMs;
      } catch {}
      identity = `embedded\n${path}\n${built}`;
      // A first use builds the library and shows its progress line by line: no spinner over it.
      firstUse = !built;
    }
    // Loaded only to be used: it hashes with node:crypto, whose loading --no-cache need not pay.
    const cache = this.globals.cache
      ? new (await import('../client/cache.js')).ResponseCache(join(cacheDir(this.env), 'responses'), identity)
      : undefined;
    const client = new BibleClient({
      transport: firstUse ? transport : this.withSpinner(transport),
      apiKey,
      cache,
      debug: this.globals.debug ? (l) => this.debug(l) : undefined,
    });
    const { explainingErrors } = await import('./explain.js');
    return explainingErrors(client, this);
  }

  /**
   * On a terminal, a request that takes over 150 ms gets an ora spinner on stderr (ora loads only
   * then); quick answers, pipes and --quiet show nothing.
   */
  private withSpinner(
    transport: import('../client/transport.js').Transport,
  ): import('../client/transport.js').Transport {
    if (!this.io.stderr.isTTY || this.globals.quiet) return transport;
    return {
      description: transport.description,
      close: () => transport.close?.(),
      answersInProcess: transport.answersInProcess?.bind(transport),
      send: async (req) => {
        // A streamed answer shows itself as it comes; a spinner would erase each piece it prints over.
        if (req.onChunk) return transport.send(req);
        let spinner: Awaited<ReturnType<typeof startSpinner>> | undefined;
        let done = false;
        const timer = setTimeout(async () => {
          const s = await startSpinner(this.io, `Waiting for ${transport.description}`);
          if (done) s.stop();
          else spinner = s;
        }, 150);
        try {
          return await transport.send(req);
        } finally {
          done = true;
          clearTimeout(timer);
          spinner?.stop();
        }
      },
    };
  }

  /** The resource ids this run chose, and whether each came from a flag or a saved setting (for error hints). */
  readonly chosen: Array<{ kind: ResourceKind; id: string; setting?: keyof ConfigValues }> = [];

  /** A resource id for -t/-c/-d/--source: the flag, else the config default, else the catalog's first. */
  async resourceId(kind: ResourceKind, flag: string | undefined): Promise<string> {
    if (flag) {
      this.chosen.push({ kind, id: flag });
      return flag;
    }
    const configured = this.config[CONFIG_DEFAULT[kind]];
    if (configured) {
      this.chosen.push({ kind, id: configured, setting: CONFIG_DEFAULT[kind] });
      return configured;
    }
    const catalog = await (await this.client()).catalog();
    const first = catalog[kind][0];
    if (!first) throw new CliError(`this key can read no ${kind}`, EXIT.AUTH);
    return first.id;
  }

  /** A person reads the answer at a terminal (stdout a TTY, no --json): a page of results, a streamed reply. */
  get atTerminal(): boolean {
    return this.style.tty && !this.globals.json;
  }

  /** Prints `data` as JSON (for --json, through `present`); exactly the value the service returned. */
  json(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }
}

/**
 * An HTTP transport that loads undici only when a request is really sent: a cache hit against
 * a remote service then costs no network stack at all.
 */
function lazyHttpTransport(baseUrl: string): import('../client/transport.js').Transport {
  let inner: Promise<import('../client/transport.js').Transport> | undefined;
  const load = () => {
    inner ??= import('../client/http-transport.js').then(({ HttpTransport }) => new HttpTransport(baseUrl));
    return inner;
  };
  return {
    description: shownUrl(baseUrl.replace(/\/+$/, '')),
    send: async (req) => (await load()).send(req),
    close: async () => {
      if (inner) await (await inner).close?.();
    },
  };
}
