import { SEARCH_TEXT_MAX, SEARCH_TEXT_WORDS_MAX } from '../limits.js';
import { isAscii } from '../text/ascii.js';

/** The words of free search text as the library's index is asked for them: runs of letters and digits. */
export function searchTextWords(input: string): string[] {
  // Text of ASCII alone (most) is split without \p{L} and \p{N}, whose compilation was ~0.4 ms of a
  // cold `bible find`: in ASCII they are A-Z, a-z and 0-9.
  return (isAscii(input) ? input.split(/[^A-Za-z0-9]+/) : input.normalize('NFC').split(/[^\p{L}\p{N}]+/u)).filter(
    Boolean,
  );
}

/**
 * What is wrong with free search text (SEARCH_TEXT_MAX characters, SEARCH_TEXT_WORDS_MAX words), as
 * the end of a sentence ("must be at most 200 characters"), or undefined. The characters are
 * counted first, so the words are split only from a text of bounded length.
 */
export function searchTextIssue(text: string): string | undefined {
  // Characters, as zod's maxLength counts them: code points. A text over twice the limit in UTF-16
  // units is over it in code points too: not spread then.
  const length = text.length > SEARCH_TEXT_MAX * 2 ? text.length : [...text].length;
  if (length > SEARCH_TEXT_MAX) return `must be at most ${SEARCH_TEXT_MAX} characters`;
  if (searchTextWords(text).length > SEARCH_TEXT_WORDS_MAX) return `must be at most ${SEARCH_TEXT_WORDS_MAX} words`;
  return undefined;
}
