/** How much of a user's text a message repeats: enough to recognise it, never the whole of a long input. */
export const QUOTED_MAX = 60;

/** The text, or its first `max` characters and an ellipsis (by code points: an astral character is never cut in half). */
export function shortened(text: string, max = QUOTED_MAX): string {
  // Code points are no more than UTF-16 units: a text that short needs no counting.
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/**
 * The user's text as a message quotes it: 'John 3:16', or its first QUOTED_MAX characters and an
 * ellipsis, so an error for a 90 KB argument is one short line, not the argument echoed back.
 */
export function quoted(text: string, max = QUOTED_MAX): string {
  return `'${shortened(text, max)}'`;
}
