/**
 * A text as one word of a command to paste into a POSIX shell: as it is when it can be, in double
 * quotes when nothing in it is special there (the common case: "the thief's cross"), else in
 * single quotes.
 */
export function shellWord(text: string): string {
  if (/^[\w.,:/@%+=-]+$/.test(text)) return text;
  if (!/[$`\\"!]/.test(text)) return `"${text}"`;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
