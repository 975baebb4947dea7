// Written here rather than taken from a package: no CSV package is installed in this project,
// and RFC 4180 (quoted fields, doubled quotes, line breaks inside quotes) is this small.

/** One field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function field(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV text, CRLF line ends as RFC 4180 says. */
export function writeCsv(rows: string[][]): string {
  return rows.map((r) => `${r.map(field).join(',')}\r\n`).join('');
}

/**
 * The first characters that make a spreadsheet read a cell as a formula, as OWASP's
 * CSV-injection guidance lists them: `=HYPERLINK(…)` in a note would run when the export is opened.
 */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const ESCAPED_STARTS: readonly string[] = [...FORMULA_STARTS, "'"];

/**
 * A cell as a spreadsheet shows it as text: after a `'` (which it hides) when it starts like a
 * formula, or with a `'` of its own (so that one is shown too). `fromText` takes it off again.
 */
export function asText(value: string): string {
  return ESCAPED_STARTS.includes(value[0] as string) ? `'${value}` : value;
}

/** A cell as `asText` had it: a `'` before a formula's start or another `'` taken off; any other cell as it is. */
export function fromText(cell: string): string {
  return cell[0] === "'" && ESCAPED_STARTS.includes(cell[1] as string) ? cell.slice(1) : cell;
}

export class CsvError extends Error {
  override name = 'CsvError';
}

/** Parses CSV text into rows of fields; a row's line number is kept for messages. */
export function readCsv(text: string): Array<{ line: number; fields: string[] }> {
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let rowLine = 1;
  const s = text.replace(/^\uFEFF/, '');
  const endField = () => {
    fields.push(cur);
    cur = '';
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields });
    fields = [];
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cur += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cur !== '' || wasQuoted) throw new CsvError(`line ${line}: a quote inside an unquoted field`);
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') endField();
    else if (ch === '\r' && s[i + 1] === '\n') {
      // CRLF: the \n ends the row
    } else if (ch === '\n') {
      endRow();
      line++;
      rowLine = line;
    } else {
      if (wasQuoted) throw new CsvError(`line ${line}: text after a closing quote`);
      cur += ch;
    }
  }
  if (quoted) throw new CsvError(`line ${rowLine}: a quoted field is never closed`);
  if (cur !== '' || fields.length) endRow();
  return rows;
}
