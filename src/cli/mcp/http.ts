import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { BibleClient } from '../../client/client.js';
import { presentedKey } from '../../service/auth.js';
import type { McpHandler } from '../../service/context.js';
import { sendInProcess } from '../embedded-transport.js';
import { createMcpServer } from './server.js';

/**
 * `/mcp` on `bible serve`: one stateless MCP exchange per request (no session to keep between
 * requests), answered in JSON. The service has checked the key already; the tools ask the
 * service in-process with that same key, so its scopes apply and every data request they make
 * is counted against its daily quota like any other.
 */
export const answerMcp: McpHandler = async (req, service) => {
  const client = new BibleClient({
    transport: { description: 'this service', send: (r) => sendInProcess({ fetch: service }, r) },
    apiKey: presentedKey(req.headers, true),
    // A quota refusal or a failure is the tool's answer at once, not a wait inside the exchange.
    retry: { maxRetries: 0 },
  });
  const server = createMcpServer({ client, where: 'this service', defaults: {} });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
};
