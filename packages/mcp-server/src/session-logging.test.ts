import { type Arsenal, defineTool } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type LoggingMessageNotification,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createArsenalMcpServer, type ServeMode } from './arsenal-mcp-server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import { SessionLogging } from './session-logging.js';
import { connectHttpClient, createFixtureArsenal } from './test-support/fixture.js';

// Generous: a loaded machine may be slow to deliver; the assertions are about what arrives.
const ARRIVAL = { timeout: 10_000, interval: 10 };

let arsenal: Arsenal;
let http: RunningHttpServer | undefined;
const clients: Client[] = [];

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
  await arsenal.register([
    defineTool({
      name: 'log_twice',
      namespace: 'diagnostics',
      description: 'Log a debug detail, then a warning with data, then answer.',
      input: { type: 'object', properties: {} },
      handler: (_args, context) => {
        context.log?.({ level: 'debug', message: 'fine detail' });
        // Logged last on purpose: once it arrives, every earlier message has arrived too.
        context.log?.({ level: 'warning', message: 'disk almost full', data: { free: 0.05 } });
        return 'logged';
      },
    }),
  ]);
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await http?.close();
  http = undefined;
  await arsenal.close();
});

async function serve(mode: ServeMode): Promise<{
  client: Client;
  messages: LoggingMessageNotification['params'][];
}> {
  const mcp = createArsenalMcpServer({ arsenal, mode });
  http = await startHttpServer(mcp, { port: 0 });
  const client = await connectHttpClient(http.url);
  clients.push(client);
  const messages: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    messages.push(notification.params);
  });
  return { client, messages };
}

const WARNING = {
  level: 'warning',
  logger: 'log_twice',
  data: { message: 'disk almost full', data: { free: 0.05 } },
};

describe('tool log messages over MCP', () => {
  it('sends the levels at or above the one the client set', async () => {
    const { client, messages } = await serve('static');
    await client.setLoggingLevel('warning');
    await client.callTool({ name: 'log_twice', arguments: {} });
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0), ARRIVAL);
    expect(messages).toEqual([WARNING]);
  });

  it('sends debug messages once the client asks for them', async () => {
    const { client, messages } = await serve('static');
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'log_twice', arguments: {} });
    await vi.waitFor(() => expect(messages).toHaveLength(2), ARRIVAL);
    expect(messages).toEqual([
      { level: 'debug', logger: 'log_twice', data: 'fine detail' },
      WARNING,
    ]);
  });

  it('sends info and above to a client that never set a level', async () => {
    const { client, messages } = await serve('static');
    await client.callTool({ name: 'log_twice', arguments: {} });
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0), ARRIVAL);
    expect(messages).toEqual([WARNING]);
  });

  it('forwards the messages of a tool run through execute_tool in dynamic mode', async () => {
    const { client, messages } = await serve('dynamic');
    await client.setLoggingLevel('debug');
    const result = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: 'log_twice', arguments: {} },
    });
    expect(result.isError).toBeFalsy();
    await vi.waitFor(() => expect(messages).toHaveLength(2), ARRIVAL);
    expect(messages.map((message) => message.level)).toEqual(['debug', 'warning']);
    expect(messages.every((message) => message.logger === 'log_twice')).toBe(true);
  });
});

describe('SessionLogging', () => {
  it('starts at info and filters below the level set', () => {
    const logging = new SessionLogging();
    expect(logging.level).toBe('info');
    expect(logging.notificationFor({ level: 'debug', message: 'x' }, 't')).toBeUndefined();
    expect(logging.notificationFor({ level: 'info', message: 'x' }, 't')).toEqual({
      method: 'notifications/message',
      params: { level: 'info', logger: 't', data: 'x' },
    });
    logging.setLevel('critical');
    expect(logging.notificationFor({ level: 'error', message: 'x' }, 't')).toBeUndefined();
    expect(logging.notificationFor({ level: 'emergency', message: 'x' }, 't')).toBeDefined();
  });
});
