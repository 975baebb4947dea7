import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CompletionRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  max_tokens?: number;
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

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }
}
