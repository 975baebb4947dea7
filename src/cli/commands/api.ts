import type { Command } from 'commander';
import { errorFromResponse } from '../../client/errors.js';
import { quoted } from '../../core/text/quoted.js';
import type { Context } from '../context.js';
import { SilentExit, usageError } from '../errors.js';
import type { ExitCode } from '../exit-codes.js';
import { describeFailure } from '../exit-mapping.js';
import type { Factory } from '../factory.js';

/** "catalog", "data/catalog" and "/v1/data/catalog" all name /v1/data/catalog; other /v1 and /openapi.json paths pass. */
export function apiPath(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (p.startsWith('/v1/') || p === '/openapi.json') return p;
  return p.startsWith('/data/') ? `/v1${p}` : `/v1/data${p}`;
}

/** A raw GET, printed whole (envelope and all) like `gh api`; the exit code follows the answer. */
export async function runApi(opts: { path: string; query?: string[] }, ctx: Context): Promise<number> {
  const query: Record<string, string> = {};
  for (const pair of opts.query ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw usageError(`-q takes key=value (got ${quoted(pair)})`);
    query[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const answer = await (await ctx.client()).raw(apiPath(opts.path), query);
  ctx.io.stdout.write(`${JSON.stringify(answer.body, null, 2)}\n`);
  if (answer.status === 200) return 0;
  return describeFailure(errorFromResponse(answer.status, answer.body)).exitCode;
}

export function registerApi(program: Command, f: Factory): void {
  program
    .command('api')
    .description('a raw GET of any endpoint, printing the whole envelope: bible api bible/kjv/John/3')
    .argument('<path>', 'e.g. catalog, strongs/G26, /v1/data/stories')
    .option('-q, --query <key=value...>', 'query parameters')
    .action(async (path: string, opts: { query?: string[] }) => {
      const code = await runApi({ ...opts, path }, await f.context());
      if (code !== 0) throw new SilentExit(code as ExitCode);
    });
}
