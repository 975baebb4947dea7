import { BOOKS } from '../../core/canon/canon.js';
import type { Style } from './style.js';
import { flowItems } from './wrap.js';

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
  // Side by side where both fit (3 + 39 + 2 + 3 + 27 columns); else one a line, the cells going
  // on under their label where even one does not fit.
  const testament = (label: string, cells: string[]) => {
    const per = Math.max(1, style.width - 3);
    const rows: string[] = [];
    for (let i = 0; i < cells.length; i += per)
      rows.push(`${i ? '   ' : `${style.c.dim(label)} `}${cells.slice(i, i + per).join('')}`);
    return rows;
  };
  const lines =
    ot.length + nt.length + 8 <= style.width
      ? [`${testament('OT', ot)[0]}  ${testament('NT', nt)[0]}`]
      : [...testament('OT', ot), ...testament('NT', nt)];
  const items = BOOKS.filter((b) => counts.has(b.name)).map((b) => `${b.osis} ${counts.get(b.name)}`);
  return [...lines, ...flowItems(items, style.width, '  ')];
}
