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

/**
 * One exchange answered before the server listens, with no key, through a service that refuses
 * every request: a tool list and a passage call. The first /mcp request after a start ran the
 * SDK's and the tools' code for the first time (V8 compiles a function on its first call, and the
 * SDK converts the tools' schemas), holding every other request meanwhile; run here, that cost
 * is paid before the first client is answered. Resolves to the exchange's JSON-RPC answers.
 */
export async function warmMcp(): Promise<unknown> {
  const refused = () =>
    Response.json(
      { success: false, error: { code: 'MISSING_API_KEY', message: 'warming up' } },
      { status: 401, headers: { 'content-type': 'application/json' } },
    );
  const body = JSON.stringify([
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'passage', arguments: { refs: 'John 3:16' } } },
  ]);
  const req = new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
  });
  return (await answerMcp(req, refused)).json();
}
