import { type Arsenal, defineTool } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { DirectCall, isDirectToolCall } from './direct-tool-calls.js';
import { type RunningHttpServer, startHttpServer } from './http-server.js';
import { connectHttpClient, createFixtureArsenal } from './test-support/fixture.js';

describe('isDirectToolCall', () => {
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add_numbers' } };

  it('takes tools/call requests of the shape the SDK schema accepts', () => {
    expect(isDirectToolCall(call)).toBe(true);
    expect(isDirectToolCall({ ...call, id: 'a', params: { name: 'x', arguments: {} } })).toBe(true);
    expect(
      isDirectToolCall({ ...call, params: { name: 'x', _meta: { progressToken: 'p' } } }),
    ).toBe(true);
  });

  it('leaves everything else to the SDK', () => {
    for (const message of [
      { ...call, method: 'tools/list' },
      { ...call, jsonrpc: '1.0' },
      { ...call, id: 1.5 },
      { ...call, id: null },
      { ...call, extra: true },
      { ...call, params: { name: 7 } },
      { ...call, params: { name: 'x', arguments: [1] } },
      { ...call, params: { name: 'x', task: { ttl: 10 } } },
      { ...call, params: { name: 'x', _meta: { progressToken: 1.5 } } },
      { ...call, params: 'x' },
      [call],
    ]) {
      expect(isDirectToolCall(message)).toBe(false);
    }
  });
});

describe('DirectCall', () => {
  const server = { notification: vi.fn(async () => {}) } as unknown as Server;

  it('tells every listener once, even those told after one that stops listening', () => {
    const call = new DirectCall(server, 7);
    const heard: string[] = [];
    const stopFirst = call.onAbort(() => {
      heard.push('first');
      stopFirst();
    });
    call.onAbort((reason) => heard.push(`second:${String(reason)}`));
    const stopThird = call.onAbort(() => heard.push('third'));
    call.onAbort(() => {
      throw new Error('a broken listener');
    });
    call.onAbort(() => heard.push('fifth'));
    call.abort('gone');
    call.abort('again');
    stopThird();
    expect(heard).toEqual(['first', 'second:gone', 'third', 'fifth']);
    expect(call.aborted).toBe(true);
    expect(call.reason).toBe('gone');
  });

  it('makes its signal only when asked, aborted as the call is', () => {
    const call = new DirectCall(server, 'a');
    const stopped = vi.fn();
    const stop = call.onAbort(stopped);
    stop();
    const signal = call.signal;
    expect(signal.aborted).toBe(false);
    call.abort('why');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('why');
    expect(stopped).not.toHaveBeenCalled();
    const late = new DirectCall(server, 'b');
    late.abort('before');
    expect(late.signal.reason).toBe('before');
    const told = vi.fn();
    late.onAbort(told);
    expect(told).toHaveBeenCalledWith('before');
  });

  it('sends notifications related to its request until it is cancelled', async () => {
    const call = new DirectCall(server, 9);
    const notification = {
      method: 'notifications/progress' as const,
      params: { progressToken: 1, progress: 1 },
    };
    await call.sendNotification(notification);
    expect(server.notification).toHaveBeenCalledWith(notification, { relatedRequestId: 9 });
    call.abort('stop');
    await call.sendNotification(notification);
    expect(server.notification).toHaveBeenCalledTimes(1);
  });
});

describe('tools/call over HTTP', () => {
  let arsenal: Arsenal;
  let http: RunningHttpServer | undefined;
  const clients: Client[] = [];
  let aborted: Promise<unknown>;
  let started: Promise<void>;

  beforeEach(async () => {
    arsenal = await createFixtureArsenal();
    let onAbort!: (reason: unknown) => void;
    aborted = new Promise((resolve) => {
      onAbort = resolve;
    });
    let onStart!: () => void;
    started = new Promise((resolve) => {
      onStart = resolve;
    });
    await arsenal.register([
      defineTool({
        name: 'wait_for_cancel',
        namespace: 'diagnostics',
        description: 'Wait until the call is cancelled.',
        input: { type: 'object', properties: {} },
        handler: (_args, context) =>
          new Promise((_resolve, reject) => {
            onStart();
            context.signal.addEventListener('abort', () => {
              onAbort(context.signal.reason);
              reject(context.signal.reason);
            });
          }),
      }),
    ]);
  });

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await http?.close();
    http = undefined;
    await arsenal.close();
  });

  async function connect(token?: string): Promise<Client> {
    const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
    http = await startHttpServer(mcp, { port: 0 });
    const client = await connectHttpClient(http.url, token ? { token } : {});
    clients.push(client);
    return client;
  }

  it('answers a call, bad arguments and an unknown tool as the SDK path did', async () => {
    const client = await connect();
    const sum = await client.callTool({ name: 'add_numbers', arguments: { a: 2, b: 3 } });
    expect(sum.structuredContent).toEqual({ sum: 5 });
    const bad = await client.callTool({ name: 'add_numbers', arguments: { a: 'x', b: 3 } });
    expect(bad.isError).toBe(true);
    expect(bad._meta).toMatchObject({ 'arsenal/error': { code: 'validation_failed' } });
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e) => e);
    expect(unknown).toBeInstanceOf(McpError);
    expect((unknown as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  it('stops a call the client cancels', async () => {
    const client = await connect();
    const controller = new AbortController();
    const pending = client
      .callTool({ name: 'wait_for_cancel', arguments: {} }, undefined, {
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    await started;
    controller.abort('the user gave up');
    await aborted;
    expect(await pending).toBeDefined();
    const later = await client.callTool({ name: 'add_numbers', arguments: { a: 1, b: 1 } });
    expect(later.structuredContent).toEqual({ sum: 2 });
  });
});
