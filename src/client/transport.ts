/** One request to the service; transports answer with what came back, errors included. */
export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Path with query string, e.g. /v1/data/bible/kjv/passage?ref=John%203%3A16 */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
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
  close?(): Promise<void> | void;
}
