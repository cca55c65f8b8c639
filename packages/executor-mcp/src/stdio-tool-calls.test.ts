import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpstreamRequestRelations } from './request-relations.js';
import { StdioToolCalls, watchSignal } from './stdio-tool-calls.js';

type Sent = JSONRPCMessage & { id?: string; params?: Record<string, unknown> };

function fakeTransport(): { transport: Transport; sent: Sent[] } {
  const sent: Sent[] = [];
  const transport = {
    start: async () => {},
    close: async () => {},
    send: async (message: JSONRPCMessage) => {
      sent.push(message as Sent);
    },
  } as Transport;
  return { transport, sent };
}

function fakeClient(
  validator?: (value: unknown) => { valid: boolean; errorMessage?: string },
  taskRequired = false,
): Client {
  return {
    isToolTaskRequired: () => taskRequired,
    getToolOutputValidator: () => validator,
  } as unknown as Client;
}

function options(overrides: Partial<Parameters<StdioToolCalls['call']>[4]> = {}) {
  return {
    abort: watchSignal(new AbortController().signal),
    timeoutMs: 1_000,
    maxTotalTimeoutMs: 10_000,
    onProgress: () => {},
    ...overrides,
  };
}

function answer(id: string, result: unknown): JSONRPCMessage {
  return { jsonrpc: '2.0', id, result } as JSONRPCMessage;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('StdioToolCalls', () => {
  it('sends tools/call with a string id as its progress token and resolves with the answer', async () => {
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const pending = calls.call(fakeClient(), 'get_sum', { a: 1, b: 2 }, 't', options());
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request).toMatchObject({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'get_sum', arguments: { a: 1, b: 2 } },
    });
    expect(typeof request.id).toBe('string');
    expect(request.params?._meta).toEqual({ traceparent: 't', progressToken: request.id });
    const result = { content: [{ type: 'text', text: '3' }] };
    expect(calls.take(answer(request.id!, result))).toBe(true);
    await expect(pending).resolves.toEqual(result);
    expect(calls.pendingCount).toBe(0);
  });

  it('leaves the SDK its own messages: numeric ids, unknown ids, requests, other notifications', () => {
    const { transport } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    expect(calls.take(answer('nobody', { content: [] }))).toBe(false);
    expect(calls.take({ jsonrpc: '2.0', id: 3, result: {} } as JSONRPCMessage)).toBe(false);
    expect(calls.take({ jsonrpc: '2.0', id: 'x', method: 'roots/list' } as JSONRPCMessage)).toBe(
      false,
    );
    expect(
      calls.take({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 7, progress: 1 },
      } as JSONRPCMessage),
    ).toBe(false);
  });

  it('turns a JSON-RPC error into the McpError the SDK would raise', async () => {
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const pending = calls.call(fakeClient(), 'nope', {}, undefined, options());
    await Promise.resolve();
    calls.take({
      jsonrpc: '2.0',
      id: sent[0]!.id!,
      error: { code: ErrorCode.InvalidParams, message: 'Unknown tool: nope' },
    } as JSONRPCMessage);
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain('Unknown tool: nope');
  });

  it('checks the result shape and the tool output schema as Client.callTool does', async () => {
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const malformed = calls.call(fakeClient(), 'x', {}, undefined, options());
    await Promise.resolve();
    calls.take(answer(sent[0]!.id!, { content: 'not a list' }));
    await expect(malformed).rejects.toMatchObject({ name: 'ZodError' });

    const strict = fakeClient((value) =>
      (value as { sum?: unknown }).sum === 3
        ? { valid: true }
        : { valid: false, errorMessage: 'sum must be 3' },
    );
    const missing = calls.call(strict, 'x', {}, undefined, options());
    const wrong = calls.call(strict, 'x', {}, undefined, options());
    const right = calls.call(strict, 'x', {}, undefined, options());
    await Promise.resolve();
    calls.take(answer(sent[1]!.id!, { content: [] }));
    calls.take(answer(sent[2]!.id!, { content: [], structuredContent: { sum: 4 } }));
    calls.take(answer(sent[3]!.id!, { content: [], structuredContent: { sum: 3 } }));
    await expect(missing).rejects.toThrow(/has an output schema but did not return structured/);
    await expect(wrong).rejects.toThrow(/does not match the tool's output schema: sum must be 3/);
    await expect(right).resolves.toEqual({ content: [], structuredContent: { sum: 3 } });
  });

  it('does not take a tool that requires task-based execution', () => {
    const calls = new StdioToolCalls(fakeTransport().transport);
    expect(calls.supports(fakeClient(undefined, true), 'x')).toBe(false);
    expect(calls.supports(fakeClient(), 'x')).toBe(true);
    expect(calls.supports({} as Client, 'x')).toBe(false);
  });

  it('times out without progress: RequestTimeout, and the server is told to stop', async () => {
    vi.useFakeTimers();
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const pending = calls.call(fakeClient(), 'slow', {}, undefined, options({ timeoutMs: 100 }));
    const caught = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(99);
    expect(calls.pendingCount).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await caught) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(ErrorCode.RequestTimeout);
    expect(sent[1]).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: sent[0]!.id },
    });
    expect(calls.pendingCount).toBe(0);
  });

  it('each call times out at its own deadline on the shared timer; one answered in time never does', async () => {
    vi.useFakeTimers();
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const outcome = (pending: Promise<unknown>) =>
      pending.then(
        () => 'answered',
        (error: McpError) => `${error.code} after ${Math.round(performance.now())}`,
      );
    // Started out of deadline order: the later deadline first.
    const late = outcome(
      calls.call(fakeClient(), 'late', {}, undefined, options({ timeoutMs: 300 })),
    );
    const early = outcome(
      calls.call(fakeClient(), 'early', {}, undefined, options({ timeoutMs: 100 })),
    );
    const answered = outcome(
      calls.call(fakeClient(), 'quick', {}, undefined, options({ timeoutMs: 50 })),
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.take(answer(sent[2]!.id!, { content: [] }))).toBe(true);
    expect(await answered).toBe('answered');
    await vi.advanceTimersByTimeAsync(90);
    expect(await early).toBe(`${ErrorCode.RequestTimeout} after 100`);
    expect(calls.pendingCount).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(await late).toBe(`${ErrorCode.RequestTimeout} after 300`);
    // Only the two calls that timed out were cancelled upstream.
    const cancelled = sent
      .filter((message) => 'method' in message && message.method === 'notifications/cancelled')
      .map((message) => message.params?.requestId);
    expect(cancelled).toEqual([sent[1]!.id, sent[0]!.id]);
    expect(calls.pendingCount).toBe(0);
  });

  it('progress reaches the listener and extends the deadline, up to the total limit', async () => {
    vi.useFakeTimers();
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const seen: unknown[] = [];
    const pending = calls.call(
      fakeClient(),
      'long',
      {},
      undefined,
      options({
        timeoutMs: 100,
        maxTotalTimeoutMs: 250,
        onProgress: (progress) => seen.push(progress),
      }),
    );
    const caught = pending.catch((error: unknown) => error);
    const progress = (value: number) =>
      calls.take({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: sent[0]!.id!, progress: value, total: 3 },
      } as JSONRPCMessage);
    await vi.advanceTimersByTimeAsync(80);
    expect(progress(1)).toBe(true);
    await vi.advanceTimersByTimeAsync(80);
    expect(progress(2)).toBe(true);
    // 160 ms in: without the progress it would have timed out at 100.
    expect(calls.pendingCount).toBe(1);
    expect(seen).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
    ]);
    await vi.advanceTimersByTimeAsync(90);
    expect(progress(3)).toBe(true);
    const error = (await caught) as McpError;
    expect(error.code).toBe(ErrorCode.RequestTimeout);
    expect(error.message).toContain('Maximum total timeout exceeded');
    expect(seen).toHaveLength(2);
  });

  it('on abort tells the server, rejects with the reason, and ignores a late answer', async () => {
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const controller = new AbortController();
    const pending = calls.call(
      fakeClient(),
      'hang',
      {},
      undefined,
      options({ abort: watchSignal(controller.signal) }),
    );
    const caught = pending.catch((error: unknown) => error);
    controller.abort(new Error('user pressed stop'));
    expect(sent[1]).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: sent[0]!.id, reason: 'Error: user pressed stop' },
    });
    expect(await caught).toBeInstanceOf(McpError);
    expect(calls.take(answer(sent[0]!.id!, { content: [] }))).toBe(false);
  });

  it('an abort after the answer sends nothing', async () => {
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const controller = new AbortController();
    const pending = calls.call(
      fakeClient(),
      'x',
      {},
      undefined,
      options({ abort: watchSignal(controller.signal) }),
    );
    await Promise.resolve();
    calls.take(answer(sent[0]!.id!, { content: [] }));
    await pending;
    controller.abort();
    expect(sent).toHaveLength(1);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { transport, sent } = fakeTransport();
    const calls = new StdioToolCalls(transport);
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    await expect(
      calls.call(
        fakeClient(),
        'x',
        {},
        undefined,
        options({ abort: watchSignal(controller.signal) }),
      ),
    ).rejects.toThrow('too late');
    expect(sent).toHaveLength(0);
  });

  it('fails every waiting call with ConnectionClosed when the connection closes', async () => {
    const calls = new StdioToolCalls(fakeTransport().transport);
    const first = calls.call(fakeClient(), 'a', {}, undefined, options());
    const second = calls.call(fakeClient(), 'b', {}, undefined, options());
    calls.closeAll();
    for (const pending of [first, second]) {
      const error = (await pending.catch((caught: unknown) => caught)) as McpError;
      expect(error.code).toBe(ErrorCode.ConnectionClosed);
    }
  });

  it('fails the call when the request cannot be sent', async () => {
    const transport = {
      start: async () => {},
      close: async () => {},
      send: async () => {
        throw new Error('Not connected');
      },
    } as Transport;
    const calls = new StdioToolCalls(transport);
    await expect(calls.call(fakeClient(), 'x', {}, undefined, options())).rejects.toThrow(
      'Not connected',
    );
    expect(calls.pendingCount).toBe(0);
  });

  it('relates the call to its caller by its progress token, for the server requests it makes', async () => {
    const { transport, sent } = fakeTransport();
    const relations = new UpstreamRequestRelations();
    const calls = new StdioToolCalls(transport, relations);
    const pending = calls.call(fakeClient(), 'x', {}, undefined, options({ callKey: 'call-7' }));
    const closed = pending.catch((error: McpError) => error.code);
    await Promise.resolve();
    const token = sent[0]!.id!;
    expect(relations.callOf({ params: { _meta: { progressToken: token } } }, 99)).toBe('call-7');
    relations.forget('call-7');
    expect(relations.callOf({ params: { _meta: { progressToken: token } } }, 99)).toBeUndefined();
    // Ended here, not left to time out after the test.
    calls.closeAll();
    expect(await closed).toBe(ErrorCode.ConnectionClosed);
  });

  it("writes its messages to the server's stdin when it can, and through send when it cannot", async () => {
    const { transport, sent } = fakeTransport();
    const lines: string[] = [];
    let connected = true;
    const calls = new StdioToolCalls(transport, undefined, (line) => {
      if (!connected) return false;
      lines.push(line);
      return true;
    });
    const controller = new AbortController();
    const pending = calls.call(
      fakeClient(),
      'get_sum',
      { a: 1 },
      't',
      options({ abort: watchSignal(controller.signal) }),
    );
    const caught = pending.catch((error: unknown) => error);
    expect(sent).toHaveLength(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const request = JSON.parse(lines[0]!) as Sent;
    expect(request).toMatchObject({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'get_sum', arguments: { a: 1 }, _meta: { traceparent: 't' } },
    });
    // The cancel goes the same way.
    controller.abort(new Error('stop'));
    expect(JSON.parse(lines[1]!)).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: request.id },
    });
    expect(await caught).toBeInstanceOf(McpError);
    // No stdin (the process is gone): the transport's send, which fails the call as the SDK does.
    connected = false;
    const failing = new StdioToolCalls(
      {
        ...transport,
        send: async () => {
          throw new Error('Not connected');
        },
      } as Transport,
      undefined,
      () => false,
    );
    await expect(failing.call(fakeClient(), 'x', {}, undefined, options())).rejects.toThrow(
      'Not connected',
    );
    expect(failing.pendingCount).toBe(0);
  });
});
