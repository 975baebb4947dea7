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
  GenBookContents,
  GenBookList,
  GenBookSection,
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
  TranslationBooks,
} from '../core/schemas/index.js';
import { SseReader } from '../core/sse.js';
import { newIdempotencyKey, parse, type RequestOptions, ServiceConnection } from './connection.js';
import { errorFromResponse } from './errors.js';

export {
  type ClientOptions,
  type Query,
  type RawAnswer,
  REQUEST_TIMEOUT_MS,
  type RequestOptions,
} from './connection.js';

/** Longer than the service gives its model, so the service's own answer to a slow model (500) arrives first. */
export const CHAT_TIMEOUT_MS = PROVIDER_TIMEOUT_MS + 30_000;

const seg = (s: string | number) => encodeURIComponent(String(s));

/**
 * The extension endpoints' paths as /openapi.json names them: a remote service that answers an
 * extension with a plain 404 is asked whether its contract lists the path (see `lists`).
 */
export const EXTENSION_PATHS = {
  find: '/v1/data/bible/{translation}/find',
  search: '/v1/data/bible/{translation}/search',
  strongsVerses: '/v1/data/strongs/{number}/verses',
  translationBooks: '/v1/data/bible/{translation}/books',
  genbooks: '/v1/data/genbooks',
  genbookContents: '/v1/data/genbooks/{id}',
  genbookSection: '/v1/data/genbooks/{id}/section',
} as const;

/** A path template of EXTENSION_PATHS with its parameters filled in, each encoded as a segment. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => seg(values[name] ?? ''));

/** The typed client of the Partner Data and Chat Service: one method per endpoint. */
export class BibleClient extends ServiceConnection {
  catalog() {
    return this.get<Catalog>('/v1/data/catalog');
  }
  books() {
    return this.get<BookList>('/v1/data/bible/books');
  }
  /**
   * `include` (an extension) adds study fields to each verse; see `missingStudyFields`. `numbering`
   * (an extension: a versification or a translation id) says how the references are numbered, and
   * each verse answered carries `at`, where it falls in that numbering.
   */
  passage(translation: string, ref: string, include: readonly IncludeValue[] = [], numbering?: string) {
    return this.get<PassageResult>(`/v1/data/bible/${seg(translation)}/passage`, {
      ref,
      include: include.join(',') || undefined,
      numbering,
    });
  }
  /** Extension: the books a translation holds (the deuterocanon too), by its own numbering. */
  translationBooks(translation: string) {
    return this.get<TranslationBooks>(filled(EXTENSION_PATHS.translationBooks, { translation }));
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
  stories(
    filters: { theme?: string; q?: string; testament?: string; kind?: string; limit?: number; offset?: number } = {},
  ) {
    return this.get<StoryList>('/v1/data/stories', filters);
  }
  story(slug: string) {
    return this.get<Story>(`/v1/data/stories/${seg(slug)}`);
  }
  /** Extension: the general books, their contents (under a section key) and one section. */
  genbooks() {
    return this.get<GenBookList>(EXTENSION_PATHS.genbooks);
  }
  genbookContents(id: string, page: { key?: string; depth?: number; limit?: number; offset?: number } = {}) {
    return this.get<GenBookContents>(filled(EXTENSION_PATHS.genbookContents, { id }), page);
  }
  genbookSection(id: string, key: string) {
    return this.get<GenBookSection>(filled(EXTENSION_PATHS.genbookSection, { id }), { key });
  }
  /**
   * Extension: the verses a question most likely means; `all` shows the best even where none
   * answers it well enough (a service without the parameter answers without `all` in its data);
   * `keep` answers from the translation whatever the question's language.
   */
  find(translation: string, q: string, limit?: number, all?: boolean, keep?: boolean) {
    return this.get<FindResult>(filled(EXTENSION_PATHS.find, { translation }), {
      q,
      limit,
      all: all ? 'true' : undefined,
      keep: keep ? 'true' : undefined,
    });
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
