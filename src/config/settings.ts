import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { homeDir } from './paths.js';

/** Every key the config file holds, with what `bible config` says of it. */
export const CONFIG_KEYS = {
  apiKey: 'API key for a remote service (secret: shown masked)',
  baseUrl: 'base URL of a remote service; unset means the embedded library',
  translation: 'default translation id (-t)',
  commentary: 'default commentary id (-c)',
  dictionary: 'default dictionary id (-d)',
  topics: 'default topical work id (--source)',
  persona: 'default chat persona',
  color: 'always, never or auto',
  pager: 'pager command, or "never"',
  redLetter: 'the words of Christ in red on a terminal: on (default) or off',
} as const;
export type ConfigKey = keyof typeof CONFIG_KEYS;
export type ConfigValues = Partial<Record<ConfigKey, string>>;

export function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(CONFIG_KEYS, key);
}

/** `$BIBLE_CONFIG_DIR`, else `$XDG_CONFIG_HOME/bible`, else `~/.config/bible`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BIBLE_CONFIG_DIR) return env.BIBLE_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(homeDir(env), '.config'), 'bible');
}

export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'config.json');
}

// Read with plain fs rather than through conf: every command reads the config, and conf (with
// its schema validator) would add its load time to each; writes go through conf (store.ts).
/** The config file's values; an absent or unreadable file is empty. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ConfigValues {
  try {
    const value: unknown = JSON.parse(readFileSync(configFile(env), 'utf8'));
    if (!value || typeof value !== 'object') return {};
    const out: ConfigValues = {};
    for (const [k, v] of Object.entries(value)) if (isConfigKey(k) && typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/** Where a value came from, for `bible status` and `config list`. */
export type Source = 'flag' | 'env' | 'config' | 'default';

export interface Resolved {
  apiKey?: string;
  apiKeySource?: Source;
  baseUrl?: string;
  baseUrlSource?: Source;
  values: ConfigValues;
}

/** Flags over environment (BIBLE_API_KEY, BIBLE_BASE_URL) over the config file. */
export function resolveSettings(
  env: NodeJS.ProcessEnv,
  flags: { baseUrl?: string; apiKey?: string },
  values: ConfigValues,
): Resolved {
  const pick = (flag: string | undefined, envValue: string | undefined, file: string | undefined) =>
    flag
      ? { v: flag, s: 'flag' as const }
      : envValue
        ? { v: envValue, s: 'env' as const }
        : file
          ? { v: file, s: 'config' as const }
          : undefined;
  const key = pick(flags.apiKey, env.BIBLE_API_KEY, values.apiKey);
  const url = pick(flags.baseUrl, env.BIBLE_BASE_URL, values.baseUrl);
  return {
    apiKey: key?.v,
    apiKeySource: key?.s,
    baseUrl: url && withScheme(url.v),
    baseUrlSource: url?.s,
    values,
  };
}

/**
 * A base URL as people type it: `localhost:8787` or `bible.example:8787/api` is http, as curl
 * reads a URL without a scheme; anything with a scheme stays as it is (and is checked as such).
 */
export function withScheme(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return /^[\w.-]+(:\d{1,5})?(\/\S*)?$/.test(url) ? `http://${url}` : url;
}

/** "bbl_sHXt…(40 chars)": enough to tell keys apart, never enough to use one. */
export function maskKey(key: string): string {
  return `${key.slice(0, Math.min(8, Math.floor(key.length / 4)))}…(${key.length} chars)`;
}
