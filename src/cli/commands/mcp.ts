import type { Command } from 'commander';
import type { Factory } from '../factory.js';

export function registerMcp(program: Command, f: Factory): void {
  program
    .command('mcp')
    .description('serve the library as tools for AI assistants (Model Context Protocol over stdio)')
    .action(async () => {
      // The MCP SDK and the tools load only here, never on another command's path.
      const { runMcpStdio } = await import('../mcp/stdio.js');
      await runMcpStdio(await f.context());
    });
}
