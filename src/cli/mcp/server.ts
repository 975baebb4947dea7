import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { ToolDeps } from './define.js';
import { registerTools } from './tools/index.js';

/**
 * One JSON Schema validator for every server: each made its own Ajv, a third of the cost of one
 * /mcp request's server (which answers one request).
 */
let validator: AjvJsonSchemaValidator | undefined;

/** The library as MCP tools: one server per connection, answering through the project's client. */
export function createMcpServer(deps: ToolDeps): McpServer {
  validator ??= new AjvJsonSchemaValidator();
  const server = new McpServer(
    { name: 'bible', title: 'Bible study library', version: __BIBLE_VERSION__ },
    {
      // The largest arguments a tool takes are a few fields and five translations: a bigger
      // payload is refused before it is validated.
      maxToolInputElements: 64,
      jsonSchemaValidator: validator,
      instructions:
        'Exact Bible text, lexicons, commentaries, topics, cross-references and stories from a library of ' +
        'public-domain works. Quote verses from passage rather than from memory, and keep the attribution ' +
        'line that ends every result.',
    },
  );
  registerTools(server, deps);
  return server;
}
