import { quoted } from '../../core/text/quoted.js';
import { asText, fromText, writeCsv } from '../csv.js';
import { WorkspaceError } from '../errors.js';
import { parseCsvFile } from '../file-formats.js';
import { type Exchange, instantFromText, rangeFromText, uidFromText } from './exchange.js';

/**
 * The CSV export's columns: one row per note or bookmark; tags joined with `;`; a cell a
 * spreadsheet would take for a formula written as text (csv.ts, asText).
 */
const HEADER = ['type', 'ref', 'text', 'tags', 'created', 'updated', 'uid'];

export function writeCsvExchange(x: Exchange): string {
  return writeCsv([
    HEADER,
    ...x.notes.map((n) => ['note', n.ref, n.text, n.tags.join(';'), n.created, n.updated, n.uid].map(asText)),
    ...x.bookmarks.map((b) => ['bookmark', b.ref, '', b.tags.join(';'), b.created, '', ''].map(asText)),
  ]);
}

export function readCsvExchange(text: string, path: string): Exchange {
  const rows = parseCsvFile(text, path);
  const header = rows.shift()?.fields.map((f) => f.trim().toLowerCase());
  if (!header || HEADER.some((h, i) => header[i] !== h))
    throw new WorkspaceError('usage', `${path}: the first line must be the header ${HEADER.join(',')}`);
  const x: Exchange = { notes: [], bookmarks: [] };
  for (const { line, fields } of rows) {
    const where = `${path}: line ${line}`;
    const [type = '', ref = '', note = '', tagText = '', created = '', updated = '', uid = ''] = fields.map(fromText);
    const tags = tagText ? tagText.split(';') : [];
    const range = rangeFromText(ref, where);
    if (type === 'note') {
      x.notes.push({
        uid: uidFromText(uid, where),
        ref,
        range,
        text: note,
        tags,
        created: instantFromText(created, where),
        updated: instantFromText(updated, where),
      });
    } else if (type === 'bookmark') {
      x.bookmarks.push({ ref, range, tags, created: instantFromText(created, where) });
    } else throw new WorkspaceError('usage', `${where}: type is note or bookmark (got ${quoted(type)})`);
  }
  return x;
}
