import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CompletionRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  max_tokens?: number;
  stream?: boolean;
}

/**
 * A stand-in for an outside language model: a local HTTP server speaking the OpenAI
 * chat-completions protocol (POST /chat/completions), the one boundary the tests may replace.
 */
export class FakeLlm {
  private server: Server | undefined;
  url = '';
  requests: Array<{ body: CompletionRequest; authorization?: string }> = [];
  /** Requests that have arrived, answered or still held by `delayMs`. */
  received = 0;
  reply = 'As John 3:16 says, God so loved the world.';
  status = 200;
  delayMs = 0;
  /** With `stream: true`, the reply goes out in pieces of this many words, this far apart. */
  streamWords = 2;
  streamGapMs = 20;
  usage: { prompt_tokens: number; completion_tokens: number } | undefined = {
    prompt_tokens: 321,
    completion_tokens: 12,
  };

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        this.received++;
        const respond = () => {
          if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
            res.writeHead(404).end();
            return;
          }
          this.requests.push({ body: JSON.parse(raw) as CompletionRequest, authorization: req.headers.authorization });
          if (this.status !== 200) {
            res.writeHead(this.status, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
            return;
          }
          const body = this.requests.at(-1)?.body;
          if (body?.stream) {
            this.stream(res, body);
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              model: 'fake-model-1',
              choices: [{ index: 0, message: { role: 'assistant', content: this.reply }, finish_reason: 'stop' }],
              ...(this.usage ? { usage: this.usage } : {}),
            }),
          );
        };
        if (this.delayMs) setTimeout(respond, this.delayMs);
        else respond();
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** OpenAI's streaming protocol: `data:` chunks with choices[0].delta.content, a usage chunk, `data: [DONE]`. */
  private stream(res: ServerResponse, body: CompletionRequest): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const words = this.reply.split(/(?<= )/);
    const pieces: string[] = [];
    for (let i = 0; i < words.length; i += this.streamWords) pieces.push(words.slice(i, i + this.streamWords).join(''));
    const chunk = (delta: object, extra: object = {}) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', model: 'fake-model-1', choices: [{ index: 0, delta }], ...extra })}\n\n`;
    res.write(chunk({ role: 'assistant' }));
    let i = 0;
    const next = () => {
      if (res.destroyed) return;
      if (i < pieces.length) {
        res.write(chunk({ content: pieces[i++] }));
        setTimeout(next, this.streamGapMs);
        return;
      }
      const usage = body.messages && this.usage ? { usage: this.usage } : {};
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', model: 'fake-model-1', choices: [], ...usage })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };
    next();
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }
}
