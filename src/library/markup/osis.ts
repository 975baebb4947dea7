import { tidyLines, tokenize } from './tokens.js';

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
      case 'br': // ThML's line break
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
