import { quoted } from '../../core/text/quoted.js';
import { WorkspaceError } from '../errors.js';
import { type Range, rangeText } from '../store.js';
import { type Exchange, instantFromText, rangeFromText, uidFromText } from './exchange.js';

/** The verse text of a reference for the Markdown export, with its translation's attribution. */
export interface PassageText {
  translation: string;
  verses: Array<{ chapter: number; v: number; text: string }>;
  attribution: string;
}

const key = (r: Range) => `${r.book}:${r.start.chapter}:${r.start.verse}:${r.end.chapter}:${r.end.verse}`;
const order = (r: Range) =>
  r.book * 1e12 + r.start.chapter * 1e9 + r.start.verse * 1e6 + r.end.chapter * 1e3 + r.end.verse;

// Each item's data (uid, dates, tags, and a note's line count) rides in an HTML comment, which
// Markdown renders as nothing: the page reads as prose and still imports back without loss.
const attrs = (pairs: Record<string, string | number>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v)).replace(/%3A/g, ':').replace(/%2C/g, ',')}`)
    .join(' ');

/**
 * The Markdown export: one section per reference (in canonical order) with its verse text and
 * attribution, then its bookmark and its notes.
 */
export function writeMarkdown(x: Exchange, texts: Map<string, PassageText>): string {
  const sections = new Map<string, { range: Range; notes: Exchange['notes']; bookmarks: Exchange['bookmarks'] }>();
  const section = (range: Range) => {
    const s = sections.get(key(range)) ?? { range, notes: [], bookmarks: [] };
    sections.set(key(range), s);
    return s;
  };
  for (const n of x.notes) section(n.range).notes.push(n);
  for (const b of x.bookmarks) section(b.range).bookmarks.push(b);
  const out: string[] = ['# Notes and bookmarks', ''];
  for (const s of [...sections.values()].sort((a, b) => order(a.range) - order(b.range))) {
    const ref = rangeText(s.range);
    out.push(`## ${ref}`, '');
    const passage = texts.get(ref);
    if (passage?.verses.length) {
      const multi = s.range.start.chapter !== s.range.end.chapter;
      const body = passage.verses.map((v) => `**${multi ? `${v.chapter}:${v.v}` : v.v}** ${v.text}`).join(' ');
      out.push(`> ${body} (${passage.translation.toUpperCase()})`, '>', `> — ${passage.attribution}`, '');
    }
    for (const b of s.bookmarks) {
      out.push(
        `**Bookmark**${b.tags.length ? ` · ${b.tags.join(', ')}` : ''}`,
        `<!-- bible:bookmark ${attrs({ created: b.created, tags: b.tags.join(',') })} -->`,
        '',
      );
    }
    for (const n of s.notes) {
      const lines = n.text.split('\n');
      out.push(
        `### Note${n.tags.length ? ` · ${n.tags.join(', ')}` : ''}`,
        '',
        `<!-- bible:note ${attrs({ uid: n.uid, created: n.created, updated: n.updated, tags: n.tags.join(','), lines: lines.length })} -->`,
        ...lines,
        '',
      );
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function parseAttrs(text: string, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.trim().split(/\s+/)) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new WorkspaceError('usage', `${where}: cannot read ${quoted(pair)}`);
    try {
      out[pair.slice(0, eq)] = decodeURIComponent(pair.slice(eq + 1));
    } catch {
      throw new WorkspaceError('usage', `${where}: cannot read ${quoted(pair)}`);
    }
  }
  return out;
}

const tagsOf = (text: string | undefined) => (text ? text.split(',') : []);

/** Whether a line begins what the export writes after a note (or is past the file's end). */
const beginsItem = (line: string | undefined) => line === undefined || /^(## |### Note|\*\*Bookmark\*\*)/.test(line);

/**
 * Where a note's text ends (exclusive), from its first line. While the file is as written, its
 * `lines` count says, and the text may hold anything (a '## ' line of its own); the text is then
 * followed by a blank line and the next item, or by the file's end. A text edited by hand to
 * another number of lines runs instead to the first blank line before the next item.
 */
function noteEnd(lines: string[], from: number, count: number, lastText: number): number {
  const end = from + count;
  if (end > lastText || (lines[end] === '' && beginsItem(lines[end + 1]))) return Math.min(end, lines.length);
  for (let k = from; k < lines.length; k++) if (lines[k] === '' && (k > lastText || beginsItem(lines[k + 1]))) return k;
  return lines.length;
}

/** Reads a Markdown export back: the `## Reference` headings and the bible:note and bible:bookmark comments. */
export function readMarkdown(text: string, path: string): Exchange {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const x: Exchange = { notes: [], bookmarks: [] };
  let lastText = lines.length - 1;
  while (lastText >= 0 && (lines[lastText] as string).trim() === '') lastText--;
  let range: Range | undefined;
  let ref = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const where = `${path}: line ${i + 1}`;
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      ref = (heading[1] as string).trim();
      range = rangeFromText(ref, where);
      continue;
    }
    const item = /^<!-- bible:(note|bookmark) (.*) -->$/.exec(line);
    if (!item) continue;
    if (!range) throw new WorkspaceError('usage', `${where}: a ${item[1]} before any '## Reference' heading`);
    const a = parseAttrs(item[2] as string, where);
    if (item[1] === 'bookmark') {
      x.bookmarks.push({ ref, range, tags: tagsOf(a.tags), created: instantFromText(a.created ?? '', where) });
      continue;
    }
    const uid = uidFromText(a.uid, where);
    const count = Number(a.lines);
    if (!Number.isInteger(count) || count < 1)
      throw new WorkspaceError('usage', `${where}: a note needs the number of its lines`);
    const end = noteEnd(lines, i + 1, count, lastText);
    const body = lines.slice(i + 1, end).join('\n');
    i = end - 1;
    x.notes.push({
      uid,
      ref,
      range,
      text: body,
      tags: tagsOf(a.tags),
      created: instantFromText(a.created ?? '', where),
      updated: instantFromText(a.updated ?? '', where),
    });
  }
  return x;
}
