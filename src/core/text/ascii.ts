/**
 * Fast paths for the text nearly every verse and question is: a `\p{…}` class costs ~0.3-0.7 ms to
 * compile on first use, and ASCII classes are exact where these say so.
 */

const NOT_ASCII = /[\u0080-\uffff]/;

/** Whether a text is of ASCII characters alone (which NFC and NFD leave as they are). */
export const isAscii = (text: string): boolean => !NOT_ASCII.test(text);

/** Characters that are neither ASCII nor General Punctuation (U+2000-U+206F: ’ “ —, which holds no letter, mark or digit). */
const NOT_ASCII_WORDS = /[\u0080-\u1fff\u2070-\uffff]/;

/** Whether a text's letters, marks and digits are all ASCII (so [A-Za-z0-9] is its \p{L}\p{M}\p{N}): the KJV's and WEB's verses. */
export const asciiWords = (text: string): boolean => !NOT_ASCII_WORDS.test(text);
