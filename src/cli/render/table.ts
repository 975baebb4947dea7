import type { Context } from '../context.js';
import type { Style } from './style.js';

/**
 * A list: a cli-table3 table on a terminal; tab-separated lines with no header when piped, for
 * cut and awk. cli-table3 is loaded only for the terminal.
 */
export async function renderTable(
  style: Style,
  head: string[],
  rows: Array<Array<string | number>>,
): Promise<string[]> {
  if (!style.tty) return rows.map((r) => r.map(String).join('\t'));
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: head.map((h) => style.c.bold(h)),
    style: { head: [], border: style.color ? ['grey'] : [] },
    wordWrap: true,
  });
  for (const r of rows) table.push(r.map(String));
  return table.toString().split('\n');
}

/** The table as lines of the command's output. */
export async function printTable(ctx: Context, head: string[], rows: Array<Array<string | number>>): Promise<void> {
  for (const line of await renderTable(ctx.style, head, rows)) ctx.out.line(line);
}
