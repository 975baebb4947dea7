const ESC = String.fromCharCode(27);

/**
 * The SGR codes the CLI's paint writes (chalk: bold, dim, italic, red, green, yellow, cyan, and
 * their ends), each with the code that ends it as ansi-styles' `codes` has it (an end has none).
 */
const SGR_ENDS = new Map<number, number | undefined>([
  [1, 22],
  [2, 22],
  [3, 23],
  [31, 39],
  [32, 39],
  [33, 39],
  [36, 39],
  [22, undefined],
  [23, undefined],
  [39, undefined],
]);
const CODE = `${ESC}\\[(${[...SGR_ENDS.keys()].join('|')})m`;
/**
 * Printable ASCII, the KJV's and WEB's typographic punctuation and ×, one column each; ©, two
 * (string-width counts it an emoji); and those codes, none.
 */
const PLAIN_TEXT = new RegExp(`^(?:[ -~‘’“”—×©]|${CODE})*$`);
const CODES = new RegExp(CODE, 'g');

const width = (s: string) => s.replace(CODES, '').length + (s.match(/©/g)?.length ?? 0);

/** wrap-ansi's trim of a row's last spaces, ignoring codes. */
function trimSpacesRight(row: string): string {
  const words = row.split(' ');
  let last = words.length;
  while (last > 0 && width(words[last - 1] as string) === 0) last--;
  return last === words.length ? row : words.slice(0, last).join(' ') + words.slice(last).join('');
}

/**
 * wrap-ansi's soft wrap (`hard: false, trim: true`) of a line of plain text (PLAIN_TEXT: ASCII,
 * the KJV's and WEB's quotes and dashes, the CLI's colour codes), whose widths are simple to
 * count; undefined for any other text. wrap-ansi measures every word and the row so far with
 * string-width, which segments graphemes and tests two Unicode patterns a character: ~60 ms of
 * the 50 verses a search shows on a terminal. This is its algorithm with that width, held to
 * the same output by test/cli/wrap.test.ts.
 */
export function wrapPlain(text: string, columns: number): string | undefined {
  if (!PLAIN_TEXT.test(text)) return undefined;
  if (text.trim() === '') return '';
  const rows = [''];
  for (const [index, word] of text.split(' ').entries()) {
    rows[rows.length - 1] = (rows[rows.length - 1] as string).trimStart();
    let rowLength = width(rows[rows.length - 1] as string);
    if (index !== 0 && rowLength > 0) {
      rows[rows.length - 1] += ' ';
      rowLength++;
    }
    const length = width(word);
    if (rowLength + length > columns && rowLength > 0 && length > 0) rows.push('');
    rows[rows.length - 1] += word;
  }
  // A colour open at a break is ended before it and opened again after it, as wrap-ansi does
  // with the last code before the break.
  let open: number | undefined;
  const ended = () => (open === undefined ? undefined : SGR_ENDS.get(open));
  return rows
    .map((row, i) => {
      const start = i > 0 && ended() !== undefined ? `${ESC}[${open}m` : '';
      const trimmed = trimSpacesRight(row);
      for (const [, code] of trimmed.matchAll(CODES)) open = code === '39' ? undefined : Number(code);
      const end = i < rows.length - 1 ? ended() : undefined;
      return `${start}${trimmed}${end === undefined ? '' : `${ESC}[${end}m`}`;
    })
    .join('\n');
}

/**
 * Items (a book and its count, a rendering and its count) laid out on as few lines as `columns`
 * allows, `separator` between them, each kept whole on one line; continuation lines indented by
 * `indent`. Widths are measured without paint.
 */
export function flowItems(items: string[], columns: number, separator: string, indent = 0): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && width(line) + separator.length + width(item) > columns) {
      lines.push(line);
      line = ' '.repeat(indent) + item;
    } else line = line ? `${line}${separator}${item}` : item;
  }
  if (line) lines.push(line);
  return lines;
}
