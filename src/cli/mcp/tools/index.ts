import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type ToolDeps, toolKit } from '../define.js';
import { commentaryTool } from './commentary.js';
import { concordanceTool, findTool, searchTool } from './search.js';
import { storiesTool, storyTool } from './stories.js';
import { crossrefsTool, strongsTool, topicTool } from './study.js';
import { booksTool, chapterTool, passageTool } from './text.js';

/** Every tool, in the order tools/list gives them; each answers through `deps.client` and never throws. */
const TOOLS = [
  passageTool,
  chapterTool,
  searchTool,
  concordanceTool,
  findTool,
  strongsTool,
  commentaryTool,
  topicTool,
  crossrefsTool,
  storiesTool,
  storyTool,
  booksTool,
];

export function registerTools(server: McpServer, deps: ToolDeps): void {
  const kit = toolKit(server, deps);
  for (const register of TOOLS) register(kit);
}
