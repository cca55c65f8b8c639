import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type LoggingLevel, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMcpToolSource, type McpLogMessage, type McpToolSource } from './index.js';
import { callTool } from './test-support/call-tool.js';
import { startInProcessMcpServer } from './test-support/in-process-http-server.js';

// Generous: a loaded machine may be slow to deliver; the assertions are about what arrives.
const ARRIVAL = { timeout: 60_000, interval: 10 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An SDK server whose `report` tool logs twice while it runs, and that records setLevel. */
async function loggingServer(levels: LoggingLevel[]) {
  const http = await startInProcessMcpServer(() => {
    const server = new McpServer(
      { name: 'logs', version: '1.0.0' },
      { capabilities: { logging: {} } },
    );
    server.server.setRequestHandler(SetLevelRequestSchema, (request) => {
      levels.push(request.params.level);
      return {};
    });
    server.registerTool('report', { description: 'Log twice, then answer.' }, async (extra) => {
      await extra.sendNotification({
        method: 'notifications/message',
        params: { level: 'info', logger: 'reporter', data: 'collecting' },
      });
      // Sent last on purpose: once it arrives, the earlier message has arrived too.
      await extra.sendNotification({
        method: 'notifications/message',
        params: { level: 'error', data: { failed: 2 } },
      });
      return { content: [{ type: 'text', text: 'reported' }] };
    });
    return server;
  });
  cleanups.push(() => http.close());
  return http;
}

function track(source: McpToolSource): McpToolSource {
  cleanups.push(() => source.close());
  return source;
}

describe('log messages of an MCP server', () => {
  it('passes them to onLog with the server name, after asking for logLevel', async () => {
    const levels: LoggingLevel[] = [];
    const http = await loggingServer(levels);
    const messages: McpLogMessage[] = [];
    const source = track(
      createMcpToolSource({
        name: 'logs',
        transport: { type: 'http', url: http.url },
        logLevel: 'debug',
        onLog: (message) => messages.push(message),
      }),
    );
    const tools = await source.load();
    const result = await callTool(source, tools, 'report');
    expect(result.content).toEqual([{ type: 'text', text: 'reported' }]);
    await vi.waitFor(() => expect(messages).toHaveLength(2), ARRIVAL);
    expect(messages).toEqual([
      { server: 'logs', level: 'info', logger: 'reporter', data: 'collecting' },
      { server: 'logs', level: 'error', data: { failed: 2 } },
    ]);
    expect(levels).toEqual(['debug']);
  });

  it('keeps calling tools when the log listener throws, and asks no level without onLog', async () => {
    const levels: LoggingLevel[] = [];
    const http = await loggingServer(levels);
    let heard = 0;
    const noisy = track(
      createMcpToolSource({
        name: 'logs',
        transport: { type: 'http', url: http.url },
        onLog: () => {
          heard++;
          throw new Error('listener broke');
        },
      }),
    );
    const tools = await noisy.load();
    const first = await callTool(noisy, tools, 'report');
    const second = await callTool(noisy, tools, 'report');
    expect(first.content).toEqual(second.content);
    await vi.waitFor(() => expect(heard).toBe(4), ARRIVAL);

    const quiet = track(
      createMcpToolSource({
        name: 'logs',
        transport: { type: 'http', url: http.url },
        logLevel: 'debug',
      }),
    );
    await callTool(quiet, await quiet.load(), 'report');
    expect(levels).toEqual([]);
  });
});
