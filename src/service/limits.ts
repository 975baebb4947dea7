import { MAX_BOOK_NAME_LENGTH } from '../core/canon/canon.js';
import { SEARCH_TEXT_MAX, SEARCH_TEXT_WORDS_MAX } from '../core/limits.js';
import { CHAT_BODY_MAX_BYTES, CHAT_HISTORY_CONTENT_MAX, CHAT_MESSAGE_MAX } from '../core/schemas/chat.js';
import { MAX_QUERY_LENGTH, MAX_QUERY_TERMS, MIN_PREFIX_LENGTH } from '../core/search/query.js';
import { SERVER_STORE_OPTIONS } from './keys/key-store.js';
import { RESPONSE_CACHE_LIMITS } from './response-cache.js';

/** How long a client may take, and how many may be connected at once. */
export interface ServerLimits {
  /** To send the request line and headers (Node's default: 60 s). */
  headersTimeoutMs: number;
  /** To send the whole request, body included (Node's default: 300 s). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this many are closed as they arrive. */
  maxConnections: number;
  /**
   * Connections from one address beyond this many are closed as they arrive, so that one client
   * cannot hold them all. Behind a proxy every client has the proxy's address: raise it there.
   */
  maxConnectionsPerAddress: number;
  /** How often those timeouts are checked (Node's default: 30 s, which would stretch them). */
  checkIntervalMs: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  maxConnectionsPerAddress: 256,
  checkIntervalMs: 1_000,
};

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);
const seconds = (ms: number) => `${ms / 1000} s`;

/** The limits a client meets, in one paragraph of the OpenAPI document (the README's table says the same). */
export function limitsDescription(): string {
  const l = SERVER_LIMITS;
  return [
    `Limits: a chat body of at most ${CHAT_BODY_MAX_BYTES} bytes (${size(CHAT_BODY_MAX_BYTES)}), read no further, as Content-Type application/json;`,
    `a chat message and each conversationHistory item at most ${CHAT_MESSAGE_MAX} and ${CHAT_HISTORY_CONTENT_MAX} characters (400 INVALID_REQUEST);`,
    `a book name at most ${MAX_BOOK_NAME_LENGTH} characters (404, refused before any fuzzy matching);`,
    `the q of a Strong's, topic, dictionary or story search at most ${SEARCH_TEXT_MAX} characters and ${SEARCH_TEXT_WORDS_MAX} words, a verse search at most ${MAX_QUERY_LENGTH} characters and ${MAX_QUERY_TERMS} terms, each prefix (word*) of at least ${MIN_PREFIX_LENGTH} letters (400 INVALID_REQUEST);`,
    `integer path parameters written as decimal digits; a known query parameter given once;`,
    `request headers within ${seconds(l.headersTimeoutMs)} and the whole request within ${seconds(l.requestTimeoutMs)} (else 408 and the connection closed), idle keep-alive connections closed after ${seconds(l.keepAliveTimeoutMs)}, at most ${l.maxConnections} connections (${l.maxConnectionsPerAddress} from one address);`,
    `answers cached in memory up to ${size(RESPONSE_CACHE_LIMITS.budgetBytes)} (${size(RESPONSE_CACHE_LIMITS.entryBytes)} each) by the key's scopes, path and known query parameters;`,
    `while another process locks the key store, a request that must count waits up to ${SERVER_STORE_OPTIONS.writeWaitMs} ms, then answers 500 INTERNAL_ERROR (safe to retry).`,
    'Every 429 carries Retry-After: the seconds until the limit resets.',
  ].join(' ');
}
