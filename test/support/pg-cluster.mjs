// A throwaway PostgreSQL cluster for the tests (test/support/pg.ts) and bench/serve.mjs: plain
// JavaScript so the benchmark, which runs under bare node, can use the same code.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIRS = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
  '/usr/local/bin',
  '/usr/bin',
];

/** Where initdb and pg_ctl are, or undefined when PostgreSQL is not installed. */
export const PG_BIN = BIN_DIRS.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
export const PG_HINT = 'needs PostgreSQL (initdb, pg_ctl): apt-get install -y postgresql';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The user the cluster runs as: initdb refuses root, so as root (CI) it is `postgres` or `nobody`. */
function runAs() {
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
 * Resolves with { url, stop(), start(), remove() }; remove() stops the server and deletes the directory.
 */
export async function startPgCluster() {
  if (!PG_BIN) throw new Error(PG_HINT);
  const bin = PG_BIN;
  const dir = mkdtempSync(join(tmpdir(), 'bible-pg-'));
  const data = join(dir, 'data');
  const user = runAs();
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const run = (cmd, args) => {
    const full = join(bin, cmd);
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
