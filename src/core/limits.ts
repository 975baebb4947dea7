/**
 * The numeric limits the service enforces and the CLI checks before it sends anything. They live
 * apart from the zod schemas (which re-export them) so that a CLI command can know a limit
 * without loading zod on every `bible` run.
 */

export const CHAT_MESSAGE_MAX = 10_000;
/** A chat request's `translation` (an id from the catalog) at most this many characters. */
export const CHAT_TRANSLATION_MAX = 64;
export const CHAT_HISTORY_MAX = 20;
/** How long the service waits for its model by default (BIBLE_LLM_TIMEOUT_MS); the client waits longer. */
export const PROVIDER_TIMEOUT_MS = 60_000;
/** Longest content of one history item: a past message or reply, as long as a message may be. */
export const CHAT_HISTORY_CONTENT_MAX = 10_000;
/**
 * Largest chat request body in bytes, read no further: a message and a full history of items at
 * their longest in any script (UTF-8, up to 3 bytes a character), with room for the JSON around them.
 */
export const CHAT_BODY_MAX_BYTES = 768 * 1024;

export const FIND_LIMIT_MAX = 50;
export const FIND_LIMIT_DEFAULT = 10;
/** Longer questions are refused: every word costs a lookup. */
export const FIND_QUESTION_MAX = 500;

/** Page sizes of the search and concordance extensions: a page is bounded, `offset` walks the rest. */
export const SEARCH_LIMIT_DEFAULT = 100;
export const SEARCH_LIMIT_MAX = 1000;

/**
 * Free text searched word by word over short entries (Strong's lexicons, topics, dictionary
 * headwords, stories): each word is one more pass of the index over the rows the others left, so
 * the work grows with the square of the words. Long enough for the longest headword (14 words).
 */
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_TEXT_WORDS_MAX = 16;

/** Rows of a dictionary or topic search. */
export const SEARCH_RESULTS_MAX = 25;
/** Entries of a Strong's search. */
export const STRONGS_SEARCH_MAX = 25;
export const STORIES_LIMIT_MAX = 100;
export const STORIES_LIMIT_DEFAULT = 25;
/** A story's or topic's slug: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What `include` may add to each verse (an extension: absent unless asked for). */
export const INCLUDE_VALUES = ['words', 'red', 'added', 'headings', 'notes', 'bookName'] as const;
export type IncludeValue = (typeof INCLUDE_VALUES)[number];

/**
 * A general book's section key ("/Part One/Chapter 1"): its length in characters, checked before
 * any lookup. libsword's own keys are names joined by `/`; the longest in CrossWire's books are
 * some hundreds of characters.
 */
export const GENBOOK_KEY_MAX = 1000;
/** Sections in one page of a general book's contents; `offset` walks the rest. */
export const GENBOOK_CONTENTS_LIMIT_DEFAULT = 200;
export const GENBOOK_CONTENTS_LIMIT_MAX = SEARCH_LIMIT_MAX;
/** A section's children listed with it; more are read from the contents (`key`, `depth=1`). */
export const GENBOOK_CHILDREN_MAX = 200;
/** Levels below the key a contents listing may go (a tree is at most 64 deep: MAX_TREE_DEPTH). */
export const GENBOOK_DEPTH_MAX = 64;

/**
 * Whether a section key is well formed: `/`, then names joined by `/`, none empty, no control
 * characters, at most GENBOOK_KEY_MAX characters. The sentence of the refusal, or undefined.
 */
export function genbookKeyIssue(key: string): string | undefined {
  if (key.length > GENBOOK_KEY_MAX) return `must be at most ${GENBOOK_KEY_MAX} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
  if (!/^(\/[^/\u0000-\u001f\u007f]+)+$/.test(key)) return 'must be a section key: /Part/Chapter (names after each /)';
  return undefined;
}
