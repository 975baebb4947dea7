/** A module's .conf: the section name and its keys; repeated keys keep every value in order. */
export interface ModuleConf {
  name: string;
  entries: Map<string, string[]>;
}

/** First value of a key, or undefined. */
export function confValue(conf: ModuleConf, key: string): string | undefined {
  return conf.entries.get(key)?.[0];
}

export function confValues(conf: ModuleConf, key: string): string[] {
  return conf.entries.get(key) ?? [];
}

/**
 * Parses the INI-like SWORD conf format: a `[Name]` section, `Key=Value` lines, repeated keys,
 * continuation lines ending in `\`, and RTF-ish `\par` inside long values. Files without an
 * `Encoding` are Latin-1; decode accordingly before calling (see decodeConf).
 */
export function parseConf(text: string): ModuleConf[] {
  const out: ModuleConf[] = [];
  let current: ModuleConf | undefined;
  let pendingKey: string | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    if (pendingKey && current) {
      const values = current.entries.get(pendingKey)!;
      const cont = rawLine.endsWith('\\');
      values[values.length - 1] += `\n${cont ? rawLine.slice(0, -1) : rawLine}`;
      if (!cont) pendingKey = undefined;
      continue;
    }
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const section = line.match(/^\[(.+)\]$/);
    if (section) {
      current = { name: section[1] as string, entries: new Map() };
      out.push(current);
      continue;
    }
    if (!current) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    const cont = value.endsWith('\\');
    if (cont) value = value.slice(0, -1);
    const list = current.entries.get(key) ?? [];
    list.push(value);
    current.entries.set(key, list);
    if (cont) pendingKey = key;
  }
  for (const conf of out) {
    for (const [key, values] of conf.entries) {
      conf.entries.set(
        key,
        values.map((v) =>
          v
            .replace(/\\par\b\s?/g, '\n')
            .replace(/\\qc\b\s?|\\pard\b\s?/g, '')
            .trim(),
        ),
      );
    }
  }
  return out;
}

/** Conf files are UTF-8 when they say so, else Latin-1. */
export function decodeConf(bytes: Buffer): string {
  const utf8 = bytes.toString('utf8');
  if (/^Encoding\s*=\s*UTF-8/im.test(utf8)) return utf8;
  return bytes.toString('latin1');
}
