import { ArsenalError, type ProgressUpdate, type ToolDefinition } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMcpToolSource, type McpToolError, type McpToolSource } from './index.js';
import { textOf } from './mcp-errors.js';
import { callTool, findTool, rejectionOf } from './test-support/call-tool.js';
import { isAlive, stdioServer } from './test-support/reference-servers.js';

// Generous: a loaded machine may be slow to re-list or restart; the assertions are about
// what arrives, never how fast.
const SETTLE = { timeout: 60_000, interval: 20 };

describe('server-everything over stdio', () => {
  let source: McpToolSource;
  let tools: ToolDefinition[];
  const stderrLines: string[] = [];

  beforeAll(async () => {
    source = createMcpToolSource({
      name: 'everything',
      transport: stdioServer('server-everything', ['stdio']),
      onStderr: (line) => stderrLines.push(line),
    });
    tools = await source.load();
  });

  afterAll(async () => {
    await source.close();
  });

  it('completes the handshake and maps every tool into the server namespace', () => {
    expect(source.state).toBe('connected');
    expect(source.serverInfo?.name).toBe('mcp-servers/everything');
    expect(tools.length).toBeGreaterThanOrEqual(10);
    for (const tool of tools) {
      expect(tool.namespace).toBe('everything');
      expect(tool.source).toBe('mcp_server');
      expect(tool.sourceUri).toMatch(/^mcp\+stdio:\/\//);
      expect(tool.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(tool.metadata.mcpServer).toBe('everything');
      expect(tool.description.length).toBeGreaterThanOrEqual(10);
    }
    const sum = findTool(tools, 'get_sum');
    expect(sum.metadata.mcpName).toBe('get-sum');
    expect(sum.title).toBe('Get Sum Tool');
    expect(sum.parametersSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
  });

  it('keeps annotations: read-only tools get the read_data capability', () => {
    const echo = findTool(tools, 'echo');
    expect(echo.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(echo.capabilities).toContain('read_data');
    expect(echo.capabilities).not.toContain('network_access');
    expect(echo.requiresConfirmation).toBe(false);
  });

  it('keeps the output schema as returnsSchema', () => {
    const structured = findTool(tools, 'get_structured_content');
    expect(structured.returnsSchema).toMatchObject({
      type: 'object',
      properties: { temperature: { type: 'number' } },
    });
  });

  it('calls echo and add with the original MCP names', async () => {
    const echo = await callTool(source, tools, 'echo', { message: 'hello arsenal' });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hello arsenal' }]);
    const sum = await callTool(source, tools, 'get_sum', { a: 2, b: 3 });
    expect(sum.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('5') });
  });

  it('forwards progress notifications of a long-running operation', async () => {
    const updates: ProgressUpdate[] = [];
    const result = await callTool(
      source,
      tools,
      'trigger_long_running_operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (update) => updates.push(update) },
    );
    expect(result.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('completed'),
    });
    // The SDK hands notifications over a tick later than responses, so the final update can
    // land after the result and be dropped: assert on the ones before it.
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates.every((update) => update.total === 3)).toBe(true);
    expect(updates[0]?.progress).toBeCloseTo(1 / 3);
    const fractions = updates.map((update) => update.progress ?? 0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it('preserves structuredContent', async () => {
    const result = await callTool(source, tools, 'get_structured_content', { location: 'Chicago' });
    expect(result.structuredContent).toEqual({
      temperature: 36,
      conditions: 'Light rain / drizzle',
      humidity: 82,
    });
  });

  it('preserves image, resource_link and embedded resource content', async () => {
    const image = await callTool(source, tools, 'get_tiny_image');
    expect(image.content.find((block) => block.type === 'image')).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      data: expect.any(String),
    });
    const links = await callTool(source, tools, 'get_resource_links', { count: 2 });
    expect(links.content.filter((block) => block.type === 'resource_link')).toHaveLength(2);
    const reference = await callTool(source, tools, 'get_resource_reference', {
      resourceType: 'Text',
      resourceId: 1,
    });
    expect(reference.content.find((block) => block.type === 'resource')).toMatchObject({
      type: 'resource',
      resource: { uri: expect.any(String), text: expect.any(String) },
    });
  });

  it('turns an isError result into a non-retryable execution_failed error with its text', async () => {
    const error = await rejectionOf(callTool(source, tools, 'get_sum', { a: 'one', b: 2 }));
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'execution_failed', retryable: false });
    const result = (error as McpToolError).result;
    expect(result.isError).toBe(true);
    expect((error as Error).message).toBe(textOf(result));
    expect((error as Error).message).toMatch(/validation/i);
  });

  it('captures stderr apart from the protocol', async () => {
    await vi.waitFor(() => expect(source.stderrTail().join('\n')).toMatch(/STDIO/), SETTLE);
    expect(stderrLines.join('\n')).toMatch(/STDIO/);
  });

  it('stops the child on close', async () => {
    const other = createMcpToolSource({
      name: 'everything-2',
      transport: stdioServer('server-everything', ['stdio']),
    });
    await other.load();
    const pid = other.pid;
    expect(pid).toBeTypeOf('number');
    expect(isAlive(pid!)).toBe(true);
    await other.close();
    expect(other.state).toBe('closed');
    await vi.waitFor(() => expect(isAlive(pid!)).toBe(false), SETTLE);
  });
});
