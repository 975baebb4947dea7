import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatResponse } from '../../src/core/schemas/chat.js';
import { SseReader } from '../../src/core/sse.js';
import { FakeLlm } from '../support/fake-llm.js';
import { createKey, type Served, serve, serviceDataDir } from '../support/server.js';

const REPLY = 'Cast all your worries on him, as 1 Peter 5:7 says, for he cares for you.';

describe('POST /v1/chat with "stream": true (extension)', () => {
  let served: Served;
  let llm: FakeLlm;
  let key: string;

  beforeAll(async () => {
    llm = await new FakeLlm().start();
    llm.reply = REPLY;
    const dir = serviceDataDir();
    key = await createKey(dir, ['--name', 'stream']);
    served = await serve(dir, [], { BIBLE_LLM_BASE_URL: llm.url, BIBLE_LLM_MODEL: 'fake-model-1' });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
    await llm?.stop();
  });

  const post = (body: unknown) =>
    fetch(`${served.url}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(body),
    });

  it('answers text/event-stream: the text as the model writes it, then the whole contract response', async () => {
    const res = await post({ message: 'What does the Bible say about worry?', stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: Array<[string, string]> = [];
    const reader = new SseReader((event, data) => events.push([event, data]));
    const decoder = new TextDecoder();
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) reader.push(decoder.decode(bytes));
    reader.end();
    // The fake sends two words a piece: each came as its own event, in order.
    const texts = events.filter(([e]) => e === 'text').map(([, d]) => (JSON.parse(d) as { text: string }).text);
    expect(texts.length).toBe(Math.ceil(REPLY.split(' ').length / 2));
    expect(texts.join('')).toBe(REPLY);
    expect(events.at(-1)?.[0]).toBe('done');
    const done = ChatResponse.parse(JSON.parse(events.at(-1)?.[1] as string));
    expect(done.data.message.startsWith(REPLY)).toBe(true);
    expect(done.data.message).toContain('— Sources:');
    expect(done.data.model).toBe('fake-model-1');
    expect(done.data.usage).toEqual({ inputTokens: 321, outputTokens: 12 });
    expect(done.meta.rateLimits.daily.remaining).toBe(done.meta.rateLimits.daily.limit - 1);
    // The model was asked to stream, with the same grounding in the prompt.
    const sent = llm.requests.at(-1)?.body as unknown as { stream: boolean; messages: Array<{ content: string }> };
    expect(sent.stream).toBe(true);
    expect(sent.messages[1]?.content).toContain('1 Peter 5:7: Casting all your care upon him; for he careth for you.');
  });

  it('ends with an error event carrying the envelope when the model fails', async () => {
    llm.status = 503;
    try {
      const res = await post({ message: 'What does the Bible say about worry?', stream: true });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events: Array<[string, string]> = [];
      const reader = new SseReader((event, data) => events.push([event, data]));
      reader.push(await res.text());
      reader.end();
      expect(events.map(([e]) => e)).toEqual(['error']);
      // The failed message was given back: the next answer has as many left as the last success.
      llm.status = 200;
      const next = await post({ message: 'What does the Bible say about worry?' });
      const limits = ((await next.json()) as { meta: { rateLimits: { daily: { limit: number; remaining: number } } } })
        .meta.rateLimits.daily;
      expect(limits.remaining).toBe(limits.limit - 2);
      expect(JSON.parse(events[0]?.[1] as string)).toEqual({
        success: false,
        error: {
          code: 'INTERNAL_ERROR',
          message: 'the language model answered HTTP 503; the request is safe to retry',
        },
      });
    } finally {
      llm.status = 200;
    }
  });

  it('answers exactly as the contract says without it', async () => {
    const res = await post({ message: 'What does the Bible say about worry?' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = ChatResponse.strict().parse(await res.json());
    expect(body.data.message.startsWith(REPLY)).toBe(true);
    expect(llm.requests.at(-1)?.body.stream).toBeUndefined();
  });

  it('is described as an extension in /openapi.json, the operation keeping the contract’s tag', async () => {
    const spec = (await (await fetch(`${served.url}/openapi.json`)).json()) as {
      paths: Record<string, { post: { tags: string[]; responses: Record<string, { content: object }> } }>;
      components: { schemas: Record<string, { properties: Record<string, { description: string }> }> };
    };
    const op = spec.paths['/v1/chat']?.post;
    expect(op?.tags).toEqual(['chat']);
    expect(Object.keys(op?.responses['200']?.content ?? {})).toEqual(['application/json', 'text/event-stream']);
    expect(spec.components.schemas.ChatRequest?.properties.stream?.description).toMatch(
      /^An extension to the contract/,
    );
  });
});
