import { tidyLines, tokenize } from './tokens.js';

/**
 * Readable prose from an OSIS commentary entry, in the shape of libsword's plain renderer:
 * titles on their own lines, `*…*` around highlighted text, paragraph and line breaks kept,
 * list items on their own lines, notes in parentheses.
 */
export function osisProse(xml: string): string {
  // Pieces joined at the end: trimming the whole string at each `</hi>` copied it every time,
  // quadratic in an entry's length (the Treasury of David's Psalm 119 took most of its 29 s).
  const out: string[] = [];
  const trimEnd = () => {
    while (out.length && !(out[out.length - 1] as string).trimEnd()) out.pop();
    if (out.length) out[out.length - 1] = (out[out.length - 1] as string).trimEnd();
  };
  let afterEmphasisOpen = false;
  for (const t of tokenize(xml)) {
    if (t.type === 'text') {
      const text = t.text.replace(/[\r\n]+/g, ' ');
      out.push(afterEmphasisOpen ? text.trimStart() : text);
      if (text.trim()) afterEmphasisOpen = false;
      continue;
    }
    switch (t.name) {
      case 'title':
        out.push('\n');
        break;
      case 'hi':
        if (t.type === 'open') {
          out.push(' *');
          afterEmphasisOpen = true;
        } else if (t.type === 'close') {
          trimEnd();
          out.push('* ');
        }
        break;
      case 'div':
        if (t.attrs.type === 'x-p' || t.attrs.type === 'paragraph') out.push('\n\n');
        break;
      case 'p':
        out.push('\n\n');
        break;
      case 'lb':
      case 'br': // ThML's line break
      case 'l':
      case 'lg':
      case 'item':
      case 'list':
        out.push('\n');
        break;
      case 'note':
        if (t.type !== 'empty') out.push(t.type === 'open' ? ' (' : ')');
        break;
      default:
        break;
    }
  }
  return tidyLines(
    out
      .join('')
      .replace(/\u00b6/g, ' ')
      .replace(/ \*\* /g, ' '),
  );
}
