import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { BibleClient } from '../../client/client.js';
import type { Catalog } from '../../core/schemas/index.js';
import type { ResourceKind } from '../context.js';
import { usageError } from '../errors.js';
import { type Extension, offeredBy } from '../extension.js';
import { fitPage, type Page } from './page.js';
import type { RequestBudget } from './request-budget.js';
import { toolError } from './tool-error.js';

/** What the tools answer from: the project's client, and the defaults the user configured. */
export interface ToolDeps {
  client: BibleClient;
  /** "the embedded library" or "the service at <url>", for an extension the service lacks. */
  where: string;
  /** Configured resource ids (translation, commentary); the catalog's first where none is set. */
  defaults: Partial<Record<ResourceKind, string>>;
  /** On /mcp: what the one HTTP request may spend over all its calls. */
  budget?: RequestBudget;
}

/** What every tool is given: its deps, the resource a call names or defaults to, an extension call. */
export interface ToolKit extends ToolDeps {
  server: McpServer;
  resourceId(kind: ResourceKind, asked: string | undefined): Promise<string>;
  extension<T>(ext: Extension, call: () => Promise<T>): Promise<T>;
}

export function toolKit(server: McpServer, deps: ToolDeps): ToolKit {
  let catalog: Promise<Catalog> | undefined;
  return {
    ...deps,
    server,
    async resourceId(kind, asked) {
      if (asked) return asked;
      const configured = deps.defaults[kind];
      if (configured) return configured;
      catalog ??= deps.client.catalog();
      const first = (await catalog)[kind][0];
      if (!first) throw usageError(`this key can read no ${kind}`);
      return first.id;
    },
    extension: (ext, call) => offeredBy(deps.where, ext, deps.client, call),
  };
}

type Shape = Record<string, z.ZodType>;

/**
 * Each tool's input and output schemas, made once per process. A zod object compiles its parser
 * the first time it parses: made afresh for every /mcp request's server, they were compiled for
 * every request.
 */
const schemas = new Map<string, { input: z.ZodObject; output: z.ZodObject }>();

/**
 * Registers one read-only tool whose answer is a Page, fitted to the answer budgets; it never
 * throws (a failure is a tool error). On /mcp the call waits its turn in the request's budget.
 */
export function define<I extends Shape, O extends z.ZodObject>(
  kit: ToolKit,
  name: string,
  spec: { title: string; description: string; input: I; output: O },
  run: (args: z.infer<z.ZodObject<I>>) => Promise<Page<z.infer<O>>>,
): void {
  const answer = async (args: z.infer<z.ZodObject<I>>) => {
    try {
      const { text, data, size } = fitPage(await run(args));
      const result: CallToolResult = {
        content: [{ type: 'text', text }],
        structuredContent: data as Record<string, unknown>,
      };
      return { result, size };
    } catch (err) {
      const result = toolError(err);
      return { result, size: JSON.stringify(result).length };
    }
  };
  let made = schemas.get(name);
  if (!made) {
    // The output a fresh object of the same shape: the contract's schemas carry an OpenAPI id,
    // which would make the JSON schema a bare $ref where MCP requires `type: object` at the top.
    made = { input: z.object(spec.input), output: z.object(spec.output.shape) };
    schemas.set(name, made);
  }
  kit.server.registerTool(
    name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: made.input,
      outputSchema: made.output,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (async (args: z.infer<z.ZodObject<I>>): Promise<CallToolResult> =>
      kit.budget ? kit.budget.run(() => answer(args)) : (await answer(args)).result) as never,
  );
}

export const translation = z
  .string()
  .optional()
  .describe('A translation id from the catalog: kjv, web, rv1909 (default: the configured one, else the first)');
export const reference = (example: string) =>
  z.string().min(1).max(200).describe(`A Bible reference, like "${example}"`);
export const limit = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).optional().describe(`How many results (1-${max}, default ${fallback})`);
export const offset = (what: string) =>
  z.number().int().min(0).optional().describe(`${what} to skip, to read on where an answer stopped (default 0)`);

/** Verses as lines: "16 For God so loved…", or "3:16 …" where they cross chapters. */
export function versesText(verses: ReadonlyArray<{ chapter?: number; v: number; text: string }>): string[] {
  return verses.map((v) => (v.chapter ? `${v.chapter}:${v.v} ${v.text}` : `${v.v} ${v.text}`));
}

export function countsText(byBook: ReadonlyArray<{ book: string; count: number }>): string {
  return byBook.map((b) => `${b.book} ${b.count}`).join(', ');
}
