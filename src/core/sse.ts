/**
 * Server-sent events read as they arrive, in pieces cut anywhere: each complete event (`event:`
 * and `data:` lines ended by a blank line) is told at once, the last one kept. A dozen lines
 * serve where an EventSource package would want a URL and a GET of its own.
 */
export class SseReader {
  private pending = '';
  private lastEvent: { event: string; data: string } | undefined;

  constructor(private readonly onEvent: (event: string, data: string) => void) {}

  push(text: string): void {
    this.pending += text;
    const blocks = this.pending.split(/\r?\n\r?\n/);
    this.pending = blocks.pop() ?? '';
    for (const block of blocks) this.take(block);
  }

  /** The stream has ended: the last event, if any. */
  end(): { event: string; data: string } | undefined {
    if (this.pending.trim()) this.take(this.pending);
    this.pending = '';
    return this.lastEvent;
  }

  private take(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (!data.length) return;
    this.lastEvent = { event, data: data.join('\n') };
    this.onEvent(event, this.lastEvent.data);
  }
}
