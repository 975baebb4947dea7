import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Context } from '../context.js';
import { createMcpServer } from './server.js';

/**
 * `bible mcp`: an MCP server on stdin/stdout until the client closes stdin. Everything else
 * (import progress, notices) goes to stderr, so stdout carries only the protocol.
 */
export async function runMcpStdio(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const where = ctx.settings.baseUrl ? `the service at ${ctx.settings.baseUrl}` : 'the embedded library';
  const server = createMcpServer({
    client,
    where,
    defaults: { bible: ctx.config.translation, commentaries: ctx.config.commentary },
  });
  const stdin = ctx.io.stdin as NodeJS.ReadStream;
  const transport = new StdioServerTransport(stdin, ctx.io.stdout as NodeJS.WriteStream);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  ctx.notice(`MCP server on stdio, answering from ${where}`);
  await closed;
  await client.close();
}
