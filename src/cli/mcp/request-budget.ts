import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_REQUEST_ANSWER_MAX_CHARS, MCP_REQUEST_MAX_CALLS } from './limits.js';

/** A tool's answer with its size in characters (text and structured content). */
export interface SizedResult {
  result: CallToolResult;
  size: number;
}

/**
 * What one /mcp request may spend: MCP_REQUEST_MAX_CALLS tool calls and answers of
 * MCP_REQUEST_ANSWER_MAX_CHARS together. The SDK starts every call of a JSON-RPC batch at once;
 * here they run one after another, in the order sent, so that each is weighed against the answers
 * before it and a call past either bound is refused before it reads anything (a refused call makes
 * no data request, so it costs no quota).
 */
export class RequestBudget {
  private calls = 0;
  private chars = 0;
  private queue: Promise<unknown> = Promise.resolve();

  run(work: () => Promise<SizedResult>): Promise<CallToolResult> {
    const turn = this.queue.then(async () => {
      const refusal = this.refusal();
      if (refusal) return refused(refusal);
      this.calls++;
      const { result, size } = await work();
      this.chars += size;
      return result;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private refusal(): string | undefined {
    if (this.calls >= MCP_REQUEST_MAX_CALLS)
      return `one /mcp request runs at most ${MCP_REQUEST_MAX_CALLS} tool calls; this one was not run: send it again on its own`;
    if (this.chars >= MCP_REQUEST_ANSWER_MAX_CHARS)
      return (
        `the answers of one /mcp request may hold at most ${MCP_REQUEST_ANSWER_MAX_CHARS} characters together, ` +
        'and the calls before this one reached it; this one was not run: send it again on its own'
      );
    return undefined;
  }
}

/** A call refused by the request's budget: a tool error in the contract's words, as any other. */
function refused(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `INVALID_REQUEST: ${message}` }] };
}
