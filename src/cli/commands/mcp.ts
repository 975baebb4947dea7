import type { Command } from 'commander';
import { contextFor } from '../context.js';
import type { IO } from '../io.js';

export function registerMcp(program: Command, io: IO): void {
  program
    .command('mcp')
    .description('serve the library as tools for AI assistants (Model Context Protocol over stdio)')
    .action(async (_opts: unknown, cmd: Command) => {
      // The MCP SDK and the tools load only here, never on another command's path.
      const { runMcpStdio } = await import('../mcp/stdio.js');
      await runMcpStdio(await contextFor(io, cmd));
    });
}
