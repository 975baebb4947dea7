/** One request to the service; transports answer with what came back, errors included. */
export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Path with query string, e.g. /v1/data/bible/kjv/passage?ref=John%203%3A16 */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Told each piece of the body as it arrives (a streamed answer); the body is still returned whole. */
  onChunk?: (text: string) => void;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Transport {
  /** What it talks to, for `bible status` and --debug ("embedded library" or the base URL). */
  readonly description: string;
  send(req: TransportRequest): Promise<TransportResponse>;
  /**
   * Whether this request is answered in this process, waiting on nothing outside it: no deadline
   * or cancellation could cut it short, so the client sets none (a timer, an AbortSignal and its
   * listener are ~0.8 ms of a lookup's start).
   */
  answersInProcess?(req: Omit<TransportRequest, 'signal'>): boolean;
  close?(): Promise<void> | void;
}

/** A body read to its end, each decoded piece told to `onChunk` as it arrives when one is given. */
export async function readBody(
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null,
  onChunk?: (text: string) => void,
): Promise<string> {
  if (!body) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const bytes of body as AsyncIterable<Uint8Array>) {
    const piece = decoder.decode(bytes, { stream: true });
    text += piece;
    if (piece) onChunk?.(piece);
  }
  return text + decoder.decode();
}
