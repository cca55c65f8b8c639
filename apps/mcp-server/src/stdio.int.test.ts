import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from './test-support/spawn-server.js';

// With no config the bin serves the demo catalog plus the everything, filesystem and memory
// reference servers, spawned from node_modules with this Node.
let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    stderr: 'pipe',
  });
  client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function text(result: unknown): string {
  return ((result as { content: { text?: string }[] }).content[0]?.text ?? '') as string;
}

describe('arsenal-mcp over stdio', () => {
  it('static mode lists and calls the tools of all three reference servers', async () => {
    const mcp = await connect(['--mode', 'static']);
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['get_sum', 'list_allowed_directories', 'read_graph']),
    );
    expect(names.length).toBeGreaterThan(4000);
    const sum = await mcp.callTool({ name: 'get_sum', arguments: { a: 2, b: 3 } });
    expect(text(sum)).toContain('5');
    const dirs = await mcp.callTool({ name: 'list_allowed_directories', arguments: {} });
    expect(text(dirs)).toContain('arsenal-serve-');
    const graph = await mcp.callTool({ name: 'read_graph', arguments: {} });
    expect(graph.isError).toBeFalsy();
  });

  it('dynamic mode finds and executes reference-server tools through the meta-tools', async () => {
    const mcp = await connect(['--mode', 'dynamic']);
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual([
      'find_relevant_tools',
      'describe_tool',
      'execute_tool',
      'confirm_tool_call',
    ]);
    const found = await mcp.callTool({
      name: 'find_relevant_tools',
      arguments: { query: 'create entities in the knowledge graph memory', limit: 5 },
    });
    const foundNames = (found.structuredContent as { tools: { name: string }[] }).tools.map(
      (tool) => tool.name,
    );
    expect(foundNames).toContain('create_entities');
    const created = await mcp.callTool({
      name: 'execute_tool',
      arguments: {
        tool_name: 'create_entities',
        arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['math'] }] },
      },
    });
    expect(created.isError).toBeFalsy();
    const sum = await mcp.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'everything.get_sum', arguments: { a: 20, b: 22 } },
    });
    expect(text(sum)).toContain('42');
  });

  it('hybrid mode lists pinned reference tools beside the meta-tools', async () => {
    const mcp = await connect(['--mode', 'hybrid', '--pin', 'memory.*']);
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['read_graph', 'find_relevant_tools', 'execute_tool']),
    );
    expect(names).not.toContain('get_sum');
    const graph = await mcp.callTool({ name: 'read_graph', arguments: {} });
    expect(graph.isError).toBeFalsy();
  });
});
