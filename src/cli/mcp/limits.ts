import { CHAT_BODY_MAX_BYTES } from '../../core/limits.js';

/**
 * What one MCP tool call, and one /mcp request, may cost and answer. Every bound is checked
 * before the work it bounds grows: a passage's verses before any is read, a request's calls
 * before each runs. README "For AI assistants (MCP)" lists them.
 */

/**
 * The text an assistant reads of one tool answer, in characters (about 2,500 tokens): a longer
 * answer is cut at an item (a verse, a section, a note) and says how to ask for the rest.
 */
export const MCP_ANSWER_TEXT_MAX_CHARS = 10_000;

/**
 * The structured content beside that text (its JSON, in characters): it holds the same items with
 * all their fields, and a commentary's note is repeated for every verse it covers.
 */
export const MCP_ANSWER_DATA_MAX_CHARS = 64_000;

/** Verses one passage call reads, in all its translations together (3 translations: 66 verses each). */
export const MCP_PASSAGE_MAX_VERSES = 200;

/** Tool calls one /mcp request (a JSON-RPC batch) runs; the calls after them are refused unrun. */
export const MCP_REQUEST_MAX_CALLS = 10;

/**
 * The answers of one /mcp request together (text and structured content, in characters): once they
 * reach it, the request's remaining calls are refused unrun.
 */
export const MCP_REQUEST_ANSWER_MAX_CHARS = 256_000;

/** One message `bible mcp` reads on stdin (one line), in bytes: as much as /mcp reads of a body. */
export const MCP_MESSAGE_MAX_BYTES = CHAT_BODY_MAX_BYTES;
