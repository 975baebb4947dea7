import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { MCP_MESSAGE_MAX_BYTES } from './limits.js';

const NEWLINE = 0x0a;

/** A JSON-RPC error answer to a message that could not be read: to its id where one is there, else null. */
function unreadable(code: number, message: string, json?: unknown): JSONRPCMessage {
  const given = json && typeof json === 'object' && 'id' in json ? json.id : undefined;
  const id = typeof given === 'string' || typeof given === 'number' ? given : null;
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}

/**
 * MCP over stdio, one JSON-RPC message a line, as the SDK's StdioServerTransport but answering what
 * it cannot read: a line that is not JSON is answered -32700 Parse error, JSON that is not a
 * JSON-RPC message -32600 Invalid Request, and a line over MCP_MESSAGE_MAX_BYTES -32600 too, its
 * bytes dropped as they come (never held) up to the next line break; the server reads on. (The
 * SDK's transport ignores the first two and closes, so the process exits 0 unexplained, on the
 * third.)
 */
export class BoundedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private chunks: Buffer[] = [];
  private held = 0;
  private dropping = false;
  private closed = false;
  private readonly ondata = (chunk: Buffer) => this.read(chunk);
  private readonly onend = () => {
    this.line(); // a last message without its line break is still one
    void this.close();
  };

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    /** Told once per refused line, for the user's log (stderr). */
    private readonly refused: (why: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.ondata);
    this.stdin.on('end', this.onend);
    this.stdin.on('error', (err: Error) => this.onerror?.(err));
  }

  private read(chunk: Buffer): void {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      this.hold(chunk.subarray(from, at));
      this.line();
      from = at + 1;
    }
    this.hold(chunk.subarray(from));
  }

  private hold(bytes: Buffer): void {
    if (this.dropping || !bytes.length) return;
    if (this.held + bytes.length > MCP_MESSAGE_MAX_BYTES) {
      this.dropping = true;
      this.chunks = [];
      this.held = 0;
      return;
    }
    this.chunks.push(bytes);
    this.held += bytes.length;
  }

  /** The line held so far is complete: answer it, or refuse it. */
  private line(): void {
    if (this.dropping) {
      this.dropping = false;
      const why = `a message may be at most ${MCP_MESSAGE_MAX_BYTES} bytes; this one was longer and was not read`;
      this.refused(why);
      void this.send(unreadable(ErrorCode.InvalidRequest, `Invalid Request: ${why}`));
      return;
    }
    const text = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.held = 0;
    if (!text.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.refused('a line on stdin was not JSON');
      void this.send(unreadable(ErrorCode.ParseError, 'Parse error: the line is not JSON'));
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(json);
    if (!message.success) {
      this.refused('a line on stdin was not a JSON-RPC message');
      void this.send(unreadable(ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message', json));
      return;
    }
    this.onmessage?.(message.data);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.ondata);
    this.stdin.off('end', this.onend);
    this.chunks = [];
    this.onclose?.();
  }
}
