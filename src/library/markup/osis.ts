import { tidyLines, tokenize } from './tokens.js';

/** Tags whose content is not verse text. */
const SKIPPED_IN_VERSES = new Set(['note', 'title']);

/**
 * Plain verse text from an OSIS Bible entry: the text content without notes and titles, the
 * pilcrow (a paragraph mark) dropped, whitespace collapsed. Where a note sat between two words
 * with no space around it, a space is kept so the words do not run together.
 */
export function osisVerseText(xml: string): string {
  let out = '';
  let skip = 0;
  let gap = false;
  for (const t of tokenize(xml)) {
    if (t.type === 'text') {
      if (skip) continue;
      if (gap && /\S$/.test(out) && /^\S/.test(t.text)) out += ' ';
      gap = false;
      out += t.text;
    } else if (SKIPPED_IN_VERSES.has(t.name)) {
      if (t.type === 'open') skip++;
      else if (t.type === 'close') {
        skip = Math.max(0, skip - 1);
        if (!skip) gap = true;
      }
    }
  }
  return out
    .replace(/\u00b6/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Readable prose from an OSIS commentary entry, in the shape of libsword's plain renderer:
 * titles on their own lines, `*…*` around highlighted text, paragraph and line breaks kept,
 * list items on their own lines, notes in parentheses.
 */
export function osisProse(xml: string): string {
  let out = '';
  let afterEmphasisOpen = false;
  for (const t of tokenize(xml)) {
    if (t.type === 'text') {
      const text = t.text.replace(/[\r\n]+/g, ' ');
      out += afterEmphasisOpen ? text.trimStart() : text;
      if (text.trim()) afterEmphasisOpen = false;
      continue;
    }
    switch (t.name) {
      case 'title':
        out += '\n';
        break;
      case 'hi':
        if (t.type === 'open') {
          out += ' *';
          afterEmphasisOpen = true;
        } else if (t.type === 'close') {
          out = `${out.trimEnd()}* `;
        }
        break;
      case 'div':
        if (t.attrs.type === 'x-p' || t.attrs.type === 'paragraph') out += '\n\n';
        break;
      case 'p':
        out += '\n\n';
        break;
      case 'lb':
      case 'l':
      case 'lg':
      case 'item':
      case 'list':
        out += '\n';
        break;
      case 'note':
        if (t.type !== 'empty') out += t.type === 'open' ? ' (' : ')';
        break;
      default:
        break;
    }
  }
  return tidyLines(out.replace(/\u00b6/g, ' ').replace(/ \*\* /g, ' '));
}
