import type { Context } from '../context.js';
import { serviceNamed } from '../extension.js';
import { createMcpServer } from './server.js';
import { BoundedStdioTransport } from './stdio-transport.js';

/**
 * `bible mcp`: an MCP server on stdin/stdout until the client closes stdin. Everything else
 * (import progress, notices) goes to stderr, so stdout carries only the protocol.
 */
export async function runMcpStdio(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { baseUrl, apiKey } = ctx.settings;
  const where = serviceNamed(ctx);
  const server = createMcpServer({
    client,
    where,
    defaults: { bible: ctx.config.translation, commentaries: ctx.config.commentary },
  });
  const transport = new BoundedStdioTransport(ctx.io.stdin, ctx.io.stdout, (why) => ctx.notice(why));
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(transport);
  ctx.notice(`MCP server on stdio, answering from ${where}`);
  // Said now, not at the first tool call, where the assistant would only see MISSING_API_KEY.
  if (baseUrl && !apiKey)
    ctx.notice(
      `no API key for ${where}: every tool will answer MISSING_API_KEY; set BIBLE_API_KEY in the client's configuration or run 'bible login'`,
    );
  await closed;
  await client.close();
}
