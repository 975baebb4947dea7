import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeFailure } from '../exit-mapping.js';

/**
 * A failure as an MCP tool error (isError), never a thrown error that would end the call: the
 * contract's code and message, as the CLI's --json envelope gives them. A bad argument the CLI
 * calls USAGE is the contract's INVALID_REQUEST here, as the service would answer it. No
 * structured content: clients check it against the tool's output schema even on an error.
 */
export function toolError(err: unknown): CallToolResult {
  const { code, message } = describeFailure(err).envelope.error;
  const contractCode = code === 'USAGE' ? 'INVALID_REQUEST' : code;
  return {
    isError: true,
    content: [{ type: 'text', text: `${contractCode}: ${message}` }],
  };
}
