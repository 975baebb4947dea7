import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { itRequiring } from './env.js';

const BIN_DIRS = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
  '/usr/local/bin',
  '/usr/bin',
];

function binDir(): string | undefined {
  return BIN_DIRS.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
}

const BIN = binDir();
export const PG_AVAILABLE = BIN !== undefined;
const HINT = 'needs PostgreSQL (initdb, pg_ctl): apt-get install -y postgresql';

/** `it` for tests that need it (BIBLE_TEST_REQUIRE_PG=1 in CI: fail with the hint; elsewhere skipped loudly). */
export const itWithPg = itRequiring(PG_AVAILABLE, 'BIBLE_TEST_REQUIRE_PG', HINT);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  /** postgres://… of the cluster's `postgres` database over TCP on 127.0.0.1. */
  url: string;
  stop(): void;
  start(): void;
  /** Stops the server and deletes the cluster. */
  remove(): void;
}

/** The user the cluster runs as: initdb refuses root, so as root (CI) it is `postgres` or `nobody`. */
function runAs(): { user: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    if (r.status === 0) {
      const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
      return { user, uid: Number(r.stdout.trim()), gid };
    }
  }
  throw new Error('running as root, and neither the postgres nor the nobody user exists to run PostgreSQL as');
}

/**
 * A throwaway PostgreSQL cluster in a temporary directory: initdb as an unprivileged user, a free
 * port on 127.0.0.1, the socket in the directory, trust authentication (only this machine reaches it).
 */
export async function startPgCluster(): Promise<PgCluster> {
  if (!BIN) throw new Error(HINT);
  const dir = mkdtempSync(join(tmpdir(), 'bible-pg-'));
  const data = join(dir, 'data');
  const user = runAs();
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const run = (cmd: string, args: string[]) => {
    const full = join(BIN, cmd);
    if (user) execFileSync('runuser', ['-u', user.user, '--', full, ...args], { stdio: 'pipe', cwd: dir });
    else execFileSync(full, args, { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
