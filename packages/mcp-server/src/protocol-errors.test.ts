import type { Arsenal } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArsenalMcpServer, type ServeMode } from './arsenal-mcp-server.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import { connectHttpClient, createFixtureArsenal, firstText } from './test-support/fixture.js';

let arsenal: Arsenal;
let http: RunningHttpServer;
let client: Client;

async function start(mode: ServeMode = 'static') {
  http = await startHttpServer(createArsenalMcpServer({ arsenal, mode }), { port: 0 });
  client = await connectHttpClient(http.url);
}

beforeEach(async () => {
  arsenal = await createFixtureArsenal();
});

afterEach(async () => {
  await client?.close();
  await http.close();
  await arsenal.close();
});

function failure(promise: Promise<unknown>): Promise<{ code?: number; message: string }> {
  return promise.then(
    () => ({ message: 'resolved' }),
    (error: { code?: number; message: string }) => error,
  );
}

describe('protocol errors', () => {
  it('answers invalid params with -32602 and a readable message, not -32603 and a schema dump', async () => {
    await start();
    const error = await failure(
      client.request({ method: 'tools/call', params: { name: 42 } } as never, CallToolResultSchema),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('Invalid params for tools/call: params.name:');
    expect(error.message).not.toContain('"code"');
    expect(error.message).not.toContain('[');
    const noName = await failure(
      client.request({ method: 'tools/call', params: {} } as never, CallToolResultSchema),
    );
    expect(noName.code).toBe(-32602);
    // The session keeps working.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('says "MCP error -32602:" once, not twice', async () => {
    await start();
    const error = await failure(client.callTool({ name: 'no_such_tool', arguments: {} }));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/^MCP error -32602: Unknown tool "no_such_tool"/);
    expect(error.message).not.toMatch(/MCP error -32602: MCP error/);
  });

  it('cuts a huge tool name down to size when echoing it', async () => {
    await start();
    const huge = `x${'a'.repeat(900 * 1024)}`;
    const unknown = await failure(client.callTool({ name: huge, arguments: {} }));
    expect(unknown.code).toBe(-32602);
    expect(unknown.message.length).toBeLessThan(1000);
    expect(unknown.message).toContain(`(${huge.length} characters)`);
  }, 60_000);

  it('cuts a huge tool name passed to execute_tool down to size', async () => {
    await start('dynamic');
    const huge = `x${'b'.repeat(900 * 1024)}`;
    const result = await client.callTool({
      name: 'execute_tool',
      arguments: { tool_name: huge, arguments: {} },
    });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/^tool_not_found: /);
    expect(firstText(result).length).toBeLessThan(1000);
  }, 60_000);
});
