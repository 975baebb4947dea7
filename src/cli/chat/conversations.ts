import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_HISTORY_CONTENT_MAX } from '../../core/limits.js';

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
  at: string;
  persona?: string;
  model?: string;
}

export interface ConversationSummary {
  id: string;
  file: string;
  startedAt: string;
  updatedAt: string;
  turns: number;
  first: string;
}

/**
 * A conversation kept as it happens: one JSON line per turn, appended (and so on disk) the moment
 * it exists, so a crash loses nothing already answered. Files live in
 * `$BIBLE_DATA_DIR/conversations/<started>-<id>.jsonl`.
 */
export class Conversation {
  readonly turns: Turn[] = [];

  private constructor(
    readonly id: string,
    readonly file: string,
  ) {}

  static start(dir: string): Conversation {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // The global Web Crypto, loaded on first use: node:crypto imported would load with `bible --help`.
    const suffix = Buffer.from(crypto.getRandomValues(new Uint8Array(3))).toString('hex');
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${suffix}`;
    return new Conversation(id, join(dir, `${id}.jsonl`));
  }

  static open(file: string): Conversation {
    const id = file.replace(/^.*\//, '').replace(/\.jsonl$/, '');
    const c = new Conversation(id, file);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const t = JSON.parse(line) as Turn;
        if ((t.role === 'user' || t.role === 'assistant') && typeof t.content === 'string') c.turns.push(t);
      } catch {
        // a line torn by a crash: the rest is still good
      }
    }
    return c;
  }

  /** The most recent conversation in `dir`, if any. */
  static latest(dir: string): Conversation | undefined {
    const [newest] = listConversations(dir, 1);
    return newest ? Conversation.open(newest.file) : undefined;
  }

  /**
   * A past conversation by its id as `chat log` shows it, or by any unique part of it (the
   * random suffix, the date): matched against the files there are, never used as a path.
   */
  static find(dir: string, text: string): Conversation | Conversation[] | undefined {
    if (!existsSync(dir)) return undefined;
    const ids = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.slice(0, -'.jsonl'.length));
    const want = text.trim().toLowerCase();
    const exact = ids.find((id) => id.toLowerCase() === want);
    const matches = exact ? [exact] : want ? ids.filter((id) => id.toLowerCase().includes(want)) : [];
    const open = (id: string) => Conversation.open(join(dir, `${id}.jsonl`));
    if (matches.length === 1) return open(matches[0] as string);
    return matches.length ? matches.map(open) : undefined;
  }

  add(turn: Omit<Turn, 'at'>): Turn {
    const t: Turn = { ...turn, at: new Date().toISOString() };
    this.turns.push(t);
    appendFileSync(this.file, `${JSON.stringify(t)}\n`, { mode: 0o600 });
    return t;
  }

  /** The history the service is sent: the last `max` turns, each cut to the length the service accepts. */
  history(max = 20): Array<{ role: 'user' | 'assistant'; content: string }> {
    return this.turns
      .slice(-max)
      .map(({ role, content }) => ({ role, content: content.slice(0, CHAT_HISTORY_CONTENT_MAX) }));
  }

  markdown(title = 'Conversation'): string {
    const lines = [`# ${title}`, ''];
    for (const t of this.turns) {
      lines.push(
        t.role === 'user' ? `**You** (${t.at})` : `**bible${t.persona ? ` (${t.persona})` : ''}** (${t.at})`,
        '',
        t.content,
        '',
      );
    }
    return lines.join('\n');
  }

  /**
   * Where `/save` writes without a path: the conversations directory, named by the first words
   * of the conversation ("what-does-the-bible-say-about-worry.md"), numbered when taken.
   */
  savePath(dir: string): string {
    const first = this.turns.find((t) => t.role === 'user')?.content ?? 'conversation';
    const words = first
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? ['conversation'];
    const name = words.slice(0, 8).join('-').slice(0, 60).replace(/-+$/, '') || 'conversation';
    for (let n = 1; ; n++) {
      const file = join(dir, `${name}${n > 1 ? `-${n}` : ''}.md`);
      if (!existsSync(file)) return file;
    }
  }
}

export function listConversations(dir: string, limit = 20): ConversationSummary[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => ({ f, m: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.m - a.m || b.f.localeCompare(a.f))
    .slice(0, limit);
  return files.map(({ f, m }) => {
    const c = Conversation.open(join(dir, f));
    return {
      id: c.id,
      file: c.file,
      startedAt: c.turns[0]?.at ?? new Date(m).toISOString(),
      updatedAt: new Date(m).toISOString(),
      turns: c.turns.length,
      first: c.turns.find((t) => t.role === 'user')?.content.slice(0, 60) ?? '',
    };
  });
}
