import { readdirSync, readFileSync } from 'node:fs';
import { createArsenal, type JsonSchema, type ToolDefinitionInput } from '@arsenal/core';
import { HARMLESS_TOOLS, POISONED_TOOLS } from '@arsenal/testkit';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpToolSource } from './index.js';
import { startInProcessMcpServer } from './test-support/in-process-http-server.js';
import { assignToolNames, mapMcpTool, toNamespace } from './tool-mapping.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function asMcpTool(input: ToolDefinitionInput): Tool {
  return {
    name: input.name,
    ...(input.title ? { title: input.title } : {}),
    description: input.description,
    inputSchema: (input.parametersSchema ??
      input.parameters ?? {
        type: 'object',
        properties: {},
      }) as Tool['inputSchema'],
  };
}

/** An MCP server over Streamable HTTP that lists `tools` and answers every call. */
async function serve(tools: readonly Tool[]) {
  const http = await startInProcessMcpServer(() => {
    const server = new Server(
      { name: 'fixture', version: '1.0.0' },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools] }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [{ type: 'text', text: `called ${request.params.name}` }],
    }));
    return server;
  });
  cleanups.push(() => http.close());
  return http.url;
}

async function addServer(tools: readonly Tool[]) {
  const url = await serve(tools);
  const arsenal = createArsenal();
  const source = createMcpToolSource({ name: 'fixture', transport: { type: 'http', url } });
  cleanups.push(async () => {
    await source.close();
    await arsenal.close();
  });
  const handle = await arsenal.addSource(source);
  return { arsenal, handle };
}

// The MCP tools served here carry a name, title, description and input schema: an attack hidden
// in examples, tags or the result schema does not travel over them.
const OVER_MCP = POISONED_TOOLS.filter(
  (c) =>
    c.tool.examples === undefined &&
    c.tool.tags === undefined &&
    c.tool.returnsSchema === undefined,
);

describe('poisoned MCP tools, through Arsenal', () => {
  it('quarantines every attack of the corpus and registers every harmless tool', async () => {
    const { arsenal, handle } = await addServer(
      [...OVER_MCP, ...HARMLESS_TOOLS].map((c) => asMcpTool(c.tool)),
    );
    expect(handle.summary.failed).toEqual([]);
    expect(handle.summary.quarantined.map(({ tool }) => tool.name).sort()).toEqual(
      OVER_MCP.map((c) => c.tool.name).sort(),
    );
    expect(
      arsenal.registry
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(HARMLESS_TOOLS.map((c) => c.tool.name).sort());
    // Nothing hidden reaches a model: no registered text keeps an invisible character.
    const texts = JSON.stringify(
      arsenal.registry.list().map((tool) => [tool.description, tool.parametersSchema]),
    );
    expect(texts).not.toMatch(/[\u200B\u200C\uFEFF\u00AD]/);
  });

  it('refuses to run a quarantined tool until it is approved', async () => {
    const poisoned = POISONED_TOOLS[0]!.tool;
    const { arsenal } = await addServer([asMcpTool(poisoned)]);
    const before = await arsenal.execute({ tool: `fixture.${poisoned.name}`, arguments: {} });
    expect(before.status).not.toBe('success');
    await arsenal.approveQuarantined(poisoned.name);
    const after = await arsenal.execute({ tool: `fixture.${poisoned.name}`, arguments: {} });
    expect(after).toMatchObject({
      status: 'success',
      result: { content: [{ type: 'text', text: `called ${poisoned.name}` }] },
    });
  });
});

const BENCH = new URL('../../../bench/data/', import.meta.url);
const SETS = readdirSync(BENCH, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function benchTools(set: string): Tool[] {
  return readFileSync(new URL(`${set}/tools.jsonl`, BENCH), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const raw = JSON.parse(line) as {
        name: string;
        description?: string;
        parameters?: JsonSchema;
      };
      return asMcpTool({
        name: raw.name,
        description: raw.description ?? '',
        ...(raw.parameters ? { parametersSchema: raw.parameters } : {}),
      });
    });
}

describe('every tool of every benchmark catalog, as MCP tools', () => {
  it.each(SETS.map((set) => [set]))(
    '%s: maps and registers with none skipped or quarantined',
    async (set) => {
      const tools = benchTools(set);
      const names = assignToolNames(tools.map((tool) => tool.name));
      const context = {
        serverName: set,
        namespace: toNamespace(set),
        sourceUri: `mcp://${set}`,
        hygiene: 'off' as const,
      };
      const definitions = tools.map((tool, index) =>
        mapMcpTool(tool, context, { name: names[index]!, pinHash: 'h' }),
      );
      const arsenal = createArsenal();
      const summary = await arsenal.register(definitions, { origin: 'imported' });
      expect(summary.failed).toEqual([]);
      expect(summary.quarantined.map(({ tool }) => tool.name)).toEqual([]);
      expect(summary.tools).toHaveLength(tools.length);
      await arsenal.close();
    },
    120_000,
  );

  it('azure-mcp, served by a real MCP server over HTTP: none skipped or quarantined', async () => {
    const tools = benchTools('azure-mcp');
    const skipped: string[] = [];
    const url = await serve(tools);
    const arsenal = createArsenal();
    const source = createMcpToolSource({
      name: 'azure',
      transport: { type: 'http', url },
      onSkippedTool: ({ mcpName, error }) => skipped.push(`${mcpName}: ${error.message}`),
    });
    cleanups.push(async () => {
      await source.close();
      await arsenal.close();
    });
    const { summary } = await arsenal.addSource(source);
    expect(skipped).toEqual([]);
    expect(summary.failed).toEqual([]);
    expect(summary.quarantined).toEqual([]);
    expect(summary.tools).toHaveLength(tools.length);
  }, 120_000);
});
