import type { ChatResponse } from '../core/schemas/chat.js';
import type { LibraryStore, ResourceRow } from '../library/store/library-store.js';
import type { KeyRecord } from './keys/keys.js';
import type { Metrics } from './metrics.js';
import type { StateStore } from './state/state-store.js';
import type { Turns } from './turns.js';

/** Who is asking: a key's record, or the embedded local principal (all access, no quota). */
export interface Principal {
  key: KeyRecord | null;
  canRead(resourceId: string): boolean;
  /** Identifies what the principal may read: answers are shared between equal scope keys. */
  scopeKey: string;
}

export const LOCAL_PRINCIPAL: Principal = { key: null, canRead: () => true, scopeKey: 'all' };

export function keyPrincipal(key: KeyRecord): Principal {
  const scopes = key.scopes === 'all' ? null : new Set(key.scopes.map((s) => s.toLowerCase()));
  return {
    key,
    canRead: (id) => scopes === null || scopes.has(id.toLowerCase()),
    scopeKey: scopes === null ? 'all' : [...scopes].sort().join(','),
  };
}

export interface ServiceDeps {
  store: LibraryStore;
  /** Absent in embedded mode: the local principal needs no keys. */
  keys?: StateStore;
  /** Where the chat provider's settings come from (BIBLE_LLM_*); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** The counters /metrics shows (createApp makes them when not given). */
  metrics?: Metrics;
  /** Where to report unexpected errors (never request headers). */
  logError?: (err: unknown) => void;
  /** Answers `/mcp` (Model Context Protocol) once the key is checked; `service` answers data requests in-process. */
  mcp?: McpHandler;
  /** Runs the data routes' handlers one at a time (createApp makes them when not given). */
  turns?: Turns;
}

/** The `/mcp` endpoint, injected by `bible serve` (the MCP server is a client of the service, a layer above). */
export type McpHandler = (req: Request, service: (req: Request) => Response | Promise<Response>) => Promise<Response>;

export interface AppEnv {
  Variables: {
    principal: Principal;
    /** The chat limits left after this message (set by the chat quota). */
    chatLimits: ChatResponse['meta']['rateLimits'];
    /** Gives the message back (set by the chat quota): a streamed answer fails after its 200 is sent. */
    chatGiveBack: () => void;
    /** The JSON text of a successful data answer (set by `ok`), for the response cache. */
    answerJson: string;
  };
}

export type { ResourceRow };
