import { join } from 'node:path';

/**
 * `$HOME`, else the account's home directory. node:os is loaded only then: every start reads these
 * paths (the launcher's code cache), and loading it is ~0.2 ms.
 */
export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOME || process.getBuiltinModule('node:os').homedir();
}

/** `$BIBLE_DATA_DIR`, else `$XDG_DATA_HOME/bible`, else `~/.local/share/bible`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BIBLE_DATA_DIR) return env.BIBLE_DATA_DIR;
  const xdg = env.XDG_DATA_HOME || join(homeDir(env), '.local', 'share');
  return join(xdg, 'bible');
}

export function libraryPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'library.sqlite');
}

/** Keys and usage counters of `bible serve`, apart from the library so imports never touch them. */
export function servicePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'service.sqlite');
}

/** The user's reading plans, notes and bookmarks, apart from the library so imports never touch them. */
export function userStorePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'user.sqlite');
}

/** `$BIBLE_CACHE_DIR`, else `$XDG_CACHE_HOME/bible`, else `~/.cache/bible`: the client's response cache. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BIBLE_CACHE_DIR) return env.BIBLE_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homeDir(env), '.cache'), 'bible');
}
