import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { BibleClient } from '../../client/client.js';
import { presentedKey } from '../../service/auth.js';
import type { McpHandler } from '../../service/context.js';
import { sendInProcess } from '../embedded-transport.js';
import { RequestBudget } from './request-budget.js';
import { createMcpServer } from './server.js';

/**
 * Stateless Streamable HTTP offers no stream to GET and no session to DELETE: 405, as the SDK's
 * stateless examples answer (its transport would open a stream and end it at once, 200).
 */
function methodNotAllowed(): Response {
  // -32000: the code the SDK's transport gives its own refusals of an HTTP request.
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: /mcp takes POST' }, id: null },
    { status: 405, headers: { Allow: 'POST' } },
  );
}

/**
 * `/mcp` on `bible serve`: one stateless MCP exchange per request (no session to keep between
 * requests), answered in JSON. The service has checked the key already; the tools ask the
 * service in-process with that same key, so its scopes apply and every data request they make
 * is counted against its daily quota like any other. A request's calls share one RequestBudget.
 */
export const answerMcp: McpHandler = async (req, service) => {
  if (req.method !== 'POST') return methodNotAllowed();
  const client = new BibleClient({
    transport: { description: 'this service', send: (r) => sendInProcess({ fetch: service }, r) },
    apiKey: presentedKey(req.headers, true),
    // A quota refusal or a failure is the tool's answer at once, not a wait inside the exchange.
    retry: { maxRetries: 0 },
  });
  const server = createMcpServer({ client, where: 'this service', defaults: {}, budget: new RequestBudget() });
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
