import { nastyTool } from '@arsenal/testkit';
import { type ListToolsResult, type Tool, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMcpTranscoder, fromMcpTool, type McpTool, toMcpTool } from './index.js';

// Checked by `tsc --noEmit` (the typecheck script): drift from the SDK's types fails typecheck.
type Assignable<From, To> = From extends To ? true : false;
const encodedMatchesSdk: Assignable<McpTool, Tool> = true;
const sdkToolDecodes: Assignable<Tool, Parameters<typeof fromMcpTool>[0]> = true;

describe('MCP SDK types', () => {
  it('accepts encoded tools where the SDK expects its own types, and its runtime schema agrees', () => {
    const tool = nastyTool('composed', { capabilities: ['delete_data'] });
    const sdkTool: Tool = toMcpTool(tool);
    const result: ListToolsResult = { tools: [createMcpTranscoder().encode(tool)] };
    expect(encodedMatchesSdk && sdkToolDecodes).toBe(true);
    expect(ToolSchema.parse(sdkTool)).toEqual(sdkTool);
    expect(result.tools).toHaveLength(1);
  });

  it('decodes tools typed with the SDK', () => {
    const sdkTool: Tool = ToolSchema.parse({
      name: 'echo',
      description: 'Echoes the message back.',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
      annotations: { readOnlyHint: true },
    });
    expect(fromMcpTool(sdkTool).capabilities).toEqual(['read_data']);
  });
});
