import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpToolSource, type McpToolSource } from './index.js';
import { callContext, findTool } from './test-support/call-tool.js';
import { startInProcessMcpServer } from './test-support/in-process-http-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An SDK server whose `whoami` tool answers with the `_meta` of the request it got. */
async function metaEchoSource(): Promise<McpToolSource> {
  const http = await startInProcessMcpServer(() => {
    const server = new McpServer({ name: 'meta-echo', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Echo the request metadata.' }, (extra) => ({
      content: [{ type: 'text', text: JSON.stringify(extra._meta ?? {}) }],
    }));
    return server;
  });
  cleanups.push(() => http.close());
  const source = createMcpToolSource({
    name: 'meta',
    transport: { type: 'http', url: http.url },
  });
  cleanups.push(() => source.close());
  return source;
}

async function metaOfCall(source: McpToolSource, trace: { traceId?: string; spanId?: string }) {
  const tools = await source.load();
  const tool = findTool(tools, 'whoami');
  const result = (await source.executor.execute({
    tool,
    arguments: {},
    context: { ...callContext(tool), ...trace },
  })) as { content: { text: string }[] };
  return JSON.parse(result.content[0]!.text) as Record<string, unknown>;
}

describe('trace context into MCP calls', () => {
  it('sends the call span as W3C traceparent in _meta', async () => {
    const source = await metaEchoSource();
    const meta = await metaOfCall(source, {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
    });
    expect(meta.traceparent).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  });

  it('sends no traceparent for ids that are not W3C ids', async () => {
    const source = await metaEchoSource();
    const meta = await metaOfCall(source, { traceId: 'my-own-trace', spanId: 'abc' });
    expect(meta).not.toHaveProperty('traceparent');
  });
});
