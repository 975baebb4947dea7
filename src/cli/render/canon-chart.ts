import { BOOKS } from '../../core/canon/canon.js';
import type { Style } from './style.js';

const LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/**
 * Counts per book as a compact chart across the canon: one cell per book (blank where there
 * are none, taller where there are more), the Old and New Testaments side by side, then the
 * books with matches and their counts on as few lines as the terminal allows.
 */
export function canonChart(style: Style, byBook: ReadonlyArray<{ book: string; count: number }>): string[] {
  const counts = new Map(byBook.map((b) => [b.book, b.count]));
  const max = Math.max(1, ...byBook.map((b) => b.count));
  const cell = (name: string) => {
    const n = counts.get(name) ?? 0;
    if (!n) return style.c.dim('·');
    return style.c.cyan(LEVELS[Math.min(LEVELS.length - 1, Math.floor(((n - 1) / max) * LEVELS.length))] as string);
  };
  const ot = BOOKS.filter((b) => b.testament === 'OT').map((b) => cell(b.name));
  const nt = BOOKS.filter((b) => b.testament === 'NT').map((b) => cell(b.name));
  const lines = [`${style.c.dim('OT')} ${ot.join('')}  ${style.c.dim('NT')} ${nt.join('')}`];
  const items = BOOKS.filter((b) => counts.has(b.name)).map((b) => `${b.osis} ${counts.get(b.name)}`);
  let line = '';
  for (const item of items) {
    if (line && line.length + item.length + 2 > style.width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line}  ${item}` : item;
  }
  if (line) lines.push(line);
  return lines;
}
