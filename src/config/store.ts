import Conf from 'conf';
import { type ConfigValues, configDir } from './settings.js';

/** The config file (conf-backed JSON, mode 0600: it may hold an API key). */
export function openConfig(env: NodeJS.ProcessEnv = process.env): Conf<ConfigValues> {
  return new Conf<ConfigValues>({
    cwd: configDir(env),
    configName: 'config',
    configFileMode: 0o600,
    projectSuffix: '',
  });
}
