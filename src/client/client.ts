// From limits, not the schemas: the schemas bring zod onto every command's start-up path.
import { PROVIDER_TIMEOUT_MS } from '../core/limits.js';
import type { IncludeValue } from '../core/schemas/bible.js';
import type {
  BookList,
  Catalog,
  Chapter,
  ChatRequest,
  ChatResponse,
  CommentaryChapter,
  CommentaryVerse,
  ConcordanceResult,
  CrossRefs,
  DictionaryEntry,
  DictionarySearchResult,
  FindResult,
  MergedTopic,
  PassageResult,
  SearchResult,
  Story,
  StoryList,
  StrongsEntry,
  StrongsSearchResult,
  TopicBrowseResult,
  TopicEntry,
  TopicSearchResult,
} from '../core/schemas/index.js';
import { SseReader } from '../core/sse.js';
import type { ResponseCache } from './cache.js';
import { errorFromResponse, TimeoutError, UserAbortError } from './errors.js';
import { type RetryOptions, withRetries } from './retry.js';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

/** What one request may spend, and how it may be repeated. */
export interface RequestOptions {
  /** Longest wait for one attempt's whole answer (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Retries after a failure `shouldRetry` accepts (default the client's, else MAX_RETRIES). */
  maxRetries?: number;
  /** Cancels the request: it ends at once with UserAbortError and is not retried. */
  signal?: AbortSignal;
  /** Makes a POST safe to retry: the service answers a repeat with the first answer. */
  idempotencyKey?: string;
  /** Told each piece of the answer's body as it arrives (a streamed answer). */
  onChunk?: (text: string) => void;
}

/** A data answer comes from an SQLite query: 30 s is a service in trouble. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Longer than the service gives its model, so the service's own answer to a slow model (500) arrives first. */
export const CHAT_TIMEOUT_MS = PROVIDER_TIMEOUT_MS + 30_000;

export interface ClientOptions {
  transport: Transport;
  apiKey?: string;
  cache?: ResponseCache;
  retry?: RetryOptions;
  /** Request lines and timings for --debug. The key never reaches it. */
  debug?: (line: string) => void;
}

export type Query = Record<string, string | number | undefined>;

/** A whole answer: status, headers and the parsed envelope (for `bible api`). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const seg = (s: string | number) => encodeURIComponent(String(s));

/**
 * The extension endpoints' paths as /openapi.json names them: a remote service that answers an
 * extension with a plain 404 is asked whether its contract lists the path (see `lists`).
 */
export const EXTENSION_PATHS = {
  find: '/v1/data/bible/{translation}/find',
  search: '/v1/data/bible/{translation}/search',
  strongsVerses: '/v1/data/strongs/{number}/verses',
} as const;

/** A path template of EXTENSION_PATHS with its parameters filled in, each encoded as a segment. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => seg(values[name] ?? ''));

/** The typed client of the Partner Data and Chat Service. */
export class BibleClient {
  constructor(private readonly options: ClientOptions) {}

  get transport(): Transport {
    return this.options.transport;
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<TransportResponse> {
    const { transport, apiKey, cache, debug } = this.options;
    const started = process.hrtime.bigint();
    if (method === 'GET') {
      const hit = cache?.get(path);
      if (hit) {
        debug?.(`${method} ${path} -> ${hit.status} from the cache (${msSince(started)} ms, no request)`);
        return hit;
      }
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (apiKey) headers['x-api-key'] = apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    debug?.(`${method} ${transport.description}${path}${apiKey ? ' (X-API-Key: ***)' : ''}`);
    const request = {
      method,
      path,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      onChunk: options.onChunk,
    };
    const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    // A POST is sent twice only when the service can tell the repeat from a new request.
    const retryable = method === 'GET' || options.idempotencyKey !== undefined;
    const res = await withRetries(() => this.attempt(request, timeoutMs, options.signal), {
      ...this.options.retry,
      maxRetries: retryable ? (options.maxRetries ?? this.options.retry?.maxRetries) : 0,
      signal: options.signal,
      onRetry: (attempt, delay, reason) => debug?.(`retry ${attempt} in ${Math.round(delay)} ms after ${reason}`),
    });
    debug?.(`${method} ${path} -> ${res.status} in ${msSince(started)} ms`);
    if (method === 'GET') await cache?.put(path, res);
    return res;
  }

  /**
   * One attempt, given `timeoutMs` for the whole answer. It ends when the answer arrives, the time
   * runs out (TimeoutError) or the caller cancels (UserAbortError), whatever the transport does
   * with the signal: the embedded service cannot be interrupted mid-answer.
   */
  private async attempt(
    request: Omit<TransportRequest, 'signal'>,
    timeoutMs: number,
    cancel: AbortSignal | undefined,
  ): Promise<TransportResponse> {
    if (cancel?.aborted) throw new UserAbortError();
    if (this.options.transport.answersInProcess?.(request)) return this.options.transport.send(request);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
    const stopped = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    try {
      return await Promise.race([this.options.transport.send({ ...request, signal }), stopped]);
    } catch (err) {
      if (cancel?.aborted) throw new UserAbortError();
      if (deadline.aborted) {
        throw new TimeoutError(`no answer from ${this.options.transport.description} in ${timeoutMs / 1000} s`);
      }
      throw err;
    }
  }

  /** Any GET, answered whole, errors included (a failed transport still throws). */
  async raw(path: string, query: Query = {}, options: RequestOptions = {}): Promise<RawAnswer> {
    const res = await this.send('GET', withQuery(path, query), undefined, options);
    return { status: res.status, headers: res.headers, body: parse(res) };
  }

  /** The `data` of a successful GET; a typed BibleApiError otherwise. */
  async get<T>(path: string, query: Query = {}, options: RequestOptions = {}): Promise<T> {
    const res = await this.send('GET', withQuery(path, query), undefined, options);
    const body = parse(res) as { success?: boolean; data?: T };
    if (res.status !== 200 || body?.success !== true) throw errorFromResponse(res.status, body, res.headers);
    return body.data as T;
  }

  /** A POST answered whole on success (chat returns data and meta), a typed error otherwise. */
  async post<T>(path: string, payload: unknown, options: RequestOptions = {}): Promise<T> {
    const res = await this.send('POST', path, payload, options);
    const body = parse(res) as { success?: boolean };
    if (res.status !== 200 || body?.success !== true) throw errorFromResponse(res.status, body, res.headers);
    return body as T;
  }

  /**
   * Whether the service's /openapi.json (which the contract serves) lists a path, named by its
   * template; undefined when the document cannot tell (not served, not JSON, no paths).
   */
  async lists(template: string): Promise<boolean | undefined> {
    try {
      const answer = await this.raw('/openapi.json', {}, { maxRetries: 0 });
      const paths = (answer.body as { paths?: unknown } | undefined)?.paths;
      if (answer.status !== 200 || typeof paths !== 'object' || paths === null) return undefined;
      return Object.hasOwn(paths, template);
    } catch {
      return undefined;
    }
  }

  catalog() {
    return this.get<Catalog>('/v1/data/catalog');
  }
  books() {
    return this.get<BookList>('/v1/data/bible/books');
  }
  /** `include` (an extension) adds study fields to each verse; see `missingStudyFields`. */
  passage(translation: string, ref: string, include: readonly IncludeValue[] = []) {
    return this.get<PassageResult>(`/v1/data/bible/${seg(translation)}/passage`, {
      ref,
      include: include.join(',') || undefined,
    });
  }
  chapter(translation: string, book: string | number, chapter: number, include: readonly IncludeValue[] = []) {
    return this.get<Chapter>(`/v1/data/bible/${seg(translation)}/${seg(book)}/${chapter}`, {
      include: include.join(',') || undefined,
    });
  }
  strongs(number: string) {
    return this.get<StrongsEntry>(`/v1/data/strongs/${seg(number)}`);
  }
  strongsSearch(q: string, lex?: string) {
    return this.get<StrongsSearchResult>('/v1/data/strongs/search', { q, lex });
  }
  commentaryChapter(id: string, book: string | number, chapter: number) {
    return this.get<CommentaryChapter>(`/v1/data/commentaries/${seg(id)}/${seg(book)}/${chapter}`);
  }
  commentaryVerse(id: string, book: string | number, chapter: number, verse: number) {
    return this.get<CommentaryVerse>(`/v1/data/commentaries/${seg(id)}/${seg(book)}/${chapter}/${verse}`);
  }
  dictionarySearch(id: string, q: string) {
    return this.get<DictionarySearchResult>(`/v1/data/dictionaries/${seg(id)}/search`, { q });
  }
  dictionaryEntry(id: string, idx: number) {
    return this.get<DictionaryEntry>(`/v1/data/dictionaries/${seg(id)}/entries/${idx}`);
  }
  topicMerged(q: string) {
    return this.get<MergedTopic>('/v1/data/topics/merged', { q });
  }
  topicSearch(id: string, q: string) {
    return this.get<TopicSearchResult>(`/v1/data/topics/${seg(id)}/search`, { q });
  }
  topicBrowse(id: string, letter: string) {
    return this.get<TopicBrowseResult>(`/v1/data/topics/${seg(id)}/browse`, { letter });
  }
  topicEntry(id: string, slug: string) {
    return this.get<TopicEntry>(`/v1/data/topics/${seg(id)}/entries/${seg(slug)}`);
  }
  crossrefs(book: string | number, chapter: number, verse: number) {
    return this.get<CrossRefs>(`/v1/data/crossrefs/${seg(book)}/${chapter}/${verse}`);
  }
  stories(filters: { theme?: string; q?: string; testament?: string; kind?: string; limit?: number } = {}) {
    return this.get<StoryList>('/v1/data/stories', filters);
  }
  story(slug: string) {
    return this.get<Story>(`/v1/data/stories/${seg(slug)}`);
  }
  /** Extension: the verses a question most likely means. */
  find(translation: string, q: string, limit?: number) {
    return this.get<FindResult>(filled(EXTENSION_PATHS.find, { translation }), { q, limit });
  }

  /** Extension: verses of a translation matching a query (see the search endpoint for the language). */
  search(
    translation: string,
    q: string,
    options: { in?: string; stem?: boolean; order?: 'canonical' | 'relevance'; limit?: number; offset?: number } = {},
  ) {
    const { stem, ...rest } = options;
    return this.get<SearchResult>(filled(EXTENSION_PATHS.search, { translation }), {
      q,
      ...rest,
      stem: stem ? 'true' : undefined,
    });
  }
  /** Extension: the concordance of a Strong's number in a tagged translation. */
  strongsVerses(number: string, options: { translation?: string; limit?: number; offset?: number } = {}) {
    return this.get<ConcordanceResult>(filled(EXTENSION_PATHS.strongsVerses, { number }), options);
  }

  /**
   * One chat message; the whole response (data and meta). It may wait longer than the service
   * waits for its model, and is retried under one Idempotency-Key, so it is answered (and
   * counted) once however many times it is sent.
   */
  chat(request: ChatRequest, options: RequestOptions = {}) {
    return this.post<ChatResponse>('/v1/chat', request, {
      timeoutMs: CHAT_TIMEOUT_MS,
      idempotencyKey: newIdempotencyKey(),
      ...options,
    });
  }

  /**
   * One chat message streamed (the `stream` extension): `onText` is told each piece of the reply
   * as the model writes it, and the whole response is returned as `chat` returns it. Cancelled
   * with `options.signal`, it ends with UserAbortError; what came has been told by then. An old
   * service that ignores `stream` answers JSON: the reply is then told in one piece.
   */
  async chatStream(request: ChatRequest, onText: (text: string) => void, options: RequestOptions = {}) {
    const events = new SseReader((event, data) => {
      if (event === 'text') onText((JSON.parse(data) as { text: string }).text);
    });
    const res = await this.send(
      'POST',
      '/v1/chat',
      { ...request, stream: true },
      {
        timeoutMs: CHAT_TIMEOUT_MS,
        idempotencyKey: newIdempotencyKey(),
        // A stream already shown in part is not sent again.
        maxRetries: 0,
        ...options,
        onChunk: (text) => events.push(text),
      },
    );
    if (!/^text\/event-stream/i.test(res.headers['content-type'] ?? '')) {
      const body = parse(res) as ChatResponse;
      if (res.status !== 200 || body?.success !== true) throw errorFromResponse(res.status, body, res.headers);
      onText(body.data.message);
      return body;
    }
    const last = events.end();
    const body = (last ? JSON.parse(last.data) : undefined) as ChatResponse | undefined;
    if (last?.event !== 'done' || body?.success !== true) throw errorFromResponse(500, body, res.headers);
    return body;
  }

  async close(): Promise<void> {
    await this.options.transport.close?.();
  }
}

function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function parse(res: TransportResponse): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    return {
      success: false,
      error: {
        code: res.status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${res.status}`,
        message: `the service answered HTTP ${res.status} without a JSON envelope`,
      },
    };
  }
}

/**
 * The `include` values a service left unanswered: a service without the extension ignores the
 * parameter and answers verses without the fields (the first verse tells).
 */
export function missingStudyFields(
  verses: ReadonlyArray<Partial<Record<IncludeValue, unknown>>>,
  include: readonly IncludeValue[],
): IncludeValue[] {
  const first = verses[0];
  return first ? include.filter((f) => first[f] === undefined) : [];
}

/**
 * A fresh Idempotency-Key. Through the global Web Crypto, which Node loads on first use: importing
 * node:crypto here would load it (about 3 ms) on every command's start-up, for the chat alone.
 */
function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Milliseconds since a process.hrtime.bigint() reading, for --debug. Not performance.now(): its
 * first use loads perf_hooks (under a millisecond, on every request of every run).
 */
function msSince(started: bigint): string {
  return (Number(process.hrtime.bigint() - started) / 1e6).toFixed(1);
}
