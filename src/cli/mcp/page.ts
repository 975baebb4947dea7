import { MCP_ANSWER_DATA_MAX_CHARS, MCP_ANSWER_TEXT_MAX_CHARS } from './limits.js';

/**
 * A tool's answer as a list of items (verses, sections, notes, results), so that it can be cut to
 * what an assistant's context holds: the first items that fit are shown, in the text and in the
 * structured content alike, and the answer says which call gets the rest.
 */
export interface Page<T> {
  /** What was found, before the items ("3 verses in the KJV match…"); always shown. */
  head?: string;
  items: readonly string[];
  /** Between two items in the text (default a line break). */
  gap?: string;
  /** What an item is, in the plural ("verses"), for the line saying the answer was cut. */
  unit: string;
  /** The structured content holding the first `shown` items only. */
  data: (shown: number) => T;
  /** The call that answers what follows the first `shown` items, if anything does. */
  next: (shown: number) => string | undefined;
  attribution: string;
}

/** A fitted answer: the text for the model, the structured content, and their size in characters. */
export interface Fitted<T> {
  text: string;
  data: T;
  size: number;
}

/** How a tool is called again, as the model would write the call: `topic {"topic":"faith","offset":25}`. */
export function call(tool: string, args: Record<string, unknown>): string {
  const given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  return `${tool} ${JSON.stringify(given)}`;
}

/** How many of the first items fit in `budget` characters after the head. */
function fittingItems(page: Page<unknown>, gap: string, budget: number): number {
  let used = page.head?.length ?? 0;
  let shown = 0;
  for (const item of page.items) {
    used += item.length + (used ? gap.length : 0);
    if (used > budget) break;
    shown++;
  }
  return shown;
}

/** The text of the first `shown` items: head, items, the line on what follows, the attribution. */
function textOf<T>(page: Page<T>, gap: string, shown: number): string {
  const next = page.next(shown);
  const note =
    shown < page.items.length
      ? `(${shown} of ${page.items.length} ${page.unit} shown, to keep this answer within ` +
        `${MCP_ANSWER_TEXT_MAX_CHARS.toLocaleString('en-US')} characters. The rest: ${next ?? 'ask for less at a time'})`
      : next && `(More: ${next})`;
  const body = [page.head, page.items.slice(0, shown).join(gap), note].filter(Boolean).join('\n');
  return page.attribution ? `${body}\n\n${page.attribution}` : body;
}

/**
 * The page cut to the answer budgets: as many leading items as both the text (attribution and
 * all) and the structured content hold. Nothing of an item is shown unless all of it is, so an
 * item the tool made longer than a budget is one the answer points past (`next(0)` then names a
 * narrower call).
 */
export function fitPage<T>(page: Page<T>): Fitted<T> {
  const gap = page.gap ?? '\n';
  let shown = fittingItems(page, gap, MCP_ANSWER_TEXT_MAX_CHARS - page.attribution.length);
  let data = page.data(shown);
  let dataSize = JSON.stringify(data).length;
  while (shown > 0 && dataSize > MCP_ANSWER_DATA_MAX_CHARS) {
    // Shrink in proportion, at least by one: a few passes even when items differ much in size.
    shown = Math.min(shown - 1, Math.floor((shown * MCP_ANSWER_DATA_MAX_CHARS) / dataSize));
    data = page.data(shown);
    dataSize = JSON.stringify(data).length;
  }
  let text = textOf(page, gap, shown);
  // The line saying where to read on takes its room from the items.
  while (shown > 0 && text.length > MCP_ANSWER_TEXT_MAX_CHARS) {
    shown--;
    text = textOf(page, gap, shown);
  }
  data = page.data(shown);
  return { text, data, size: text.length + JSON.stringify(data).length };
}

/**
 * A long text in parts of at most `max` characters, about equal, each cut after a line or a
 * sentence where one ends in its second half: the parts joined are the text.
 */
export function partsOf(text: string, max: number): string[] {
  const target = Math.ceil(text.length / Math.ceil(text.length / max));
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, target);
    const at = Math.max(window.lastIndexOf('\n'), window.lastIndexOf('. ') + 1);
    const cut = at > target / 2 ? at + 1 : target;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
}

/** The longest part a tool makes of one long item: room is left for its title, the line on what follows and the attribution. */
export const PART_MAX_CHARS = MCP_ANSWER_TEXT_MAX_CHARS - 1_000;
