import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CALL_TOOL_RESULT_CHECK, isPlainTextToolResult, parseServerLine } from './result-shapes.js';
import { ServerLineReader, useServerLineReader } from './server-line-reader.js';
import { attachStdioToolCalls, StdioToolCalls } from './stdio-tool-calls.js';

const check = CALL_TOOL_RESULT_CHECK as unknown as {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: Error };
};

describe('CALL_TOOL_RESULT_CHECK', () => {
  it('passes a plain text result through as it is', () => {
    const result = {
      content: [{ type: 'text', text: 'The sum is 3.' }],
      structuredContent: { sum: 3 },
    };
    const parsed = check.safeParse(result);
    expect(parsed).toEqual({ success: true, data: result });
    expect(isPlainTextToolResult(result)).toBe(true);
  });

  it('agrees with the SDK schema on results it does not pass through itself', () => {
    const cases: unknown[] = [
      {},
      { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] },
      { content: [{ type: 'text', text: 'hi', annotations: { priority: 1 } }] },
      { content: [{ type: 'text', text: 'hi', extra: true }] },
      { content: [], _meta: { trace: 'x' } },
      { content: [{ type: 'text', text: 42 }] },
      { content: [{ type: 'video', url: 'x' }] },
      { content: 'not a list' },
      { content: [], structuredContent: [1, 2] },
      { content: [], isError: 'yes' },
      null,
    ];
    for (const value of cases) {
      expect(isPlainTextToolResult(value)).toBe(false);
      const ours = check.safeParse(value);
      const sdk = CallToolResultSchema.safeParse(value);
      expect(ours.success).toBe(sdk.success);
      if (sdk.success) expect(ours.data).toEqual(sdk.data);
      else expect(ours.error?.message).toBe(sdk.error.message);
    }
  });
});

describe('reading a stdio server', () => {
  it('passes a plain result response on as parsed and checks everything else', () => {
    const response = { jsonrpc: '2.0', id: 3, result: { content: [] } };
    expect(parseServerLine(JSON.stringify(response))).toEqual(response);
    const error = { jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'bad' } };
    expect(parseServerLine(JSON.stringify(error))).toEqual(error);
    const notification = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
    expect(parseServerLine(JSON.stringify(notification))).toEqual(notification);
  });

  it('rejects a line that is not JSON or not JSON-RPC, as the SDK reader does', () => {
    expect(() => parseServerLine('{"jsonrpc": "2.0", ')).toThrow(SyntaxError);
    expect(() => parseServerLine('{"jsonrpc": "1.0", "id": 1, "result": {}}')).toThrow();
    expect(() => parseServerLine('{"jsonrpc": "2.0", "id": 1.5, "result": {}}')).toThrow();
    expect(() => parseServerLine('{"jsonrpc": "2.0", "id": 1, "result": {}, "x": 1}')).toThrow();
    expect(() => parseServerLine('[1, 2]')).toThrow();
  });

  it('reads lines split across chunks, several lines in one chunk, and CRLF endings', () => {
    const reader = new ServerLineReader();
    const first = JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} });
    const second = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { ok: true } });
    reader.append(Buffer.from(first.slice(0, 7)));
    expect(reader.readMessage()).toBeNull();
    reader.append(Buffer.from(`${first.slice(7)}\r\n${second}\n`));
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 2, result: { ok: true } });
    expect(reader.readMessage()).toBeNull();
  });

  it('hands the messages its taker takes to the taker and returns the others', () => {
    const reader = new ServerLineReader();
    const taken: unknown[] = [];
    reader.taker = {
      take: (message) => {
        if (typeof (message as { id?: unknown }).id !== 'string') return false;
        taken.push(message);
        return true;
      },
    };
    const ours = { jsonrpc: '2.0', id: 'arsenal-1', result: { content: [] } };
    const theirs = { jsonrpc: '2.0', id: 4, result: {} };
    reader.append(Buffer.from(`${JSON.stringify(ours)}\n${JSON.stringify(theirs)}\n`));
    expect(reader.readMessage()).toEqual(theirs);
    expect(taken).toEqual([ours]);
    expect(reader.readMessage()).toBeNull();
  });

  it('gives up on a line longer than the limit', () => {
    const reader = new ServerLineReader();
    expect(() => reader.append(Buffer.alloc(11 * 1024 * 1024, 0x20))).toThrow(/maximum size/);
    expect(reader.readMessage()).toBeNull();
  });

  it('is installed on the SDK stdio transport this package uses', () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ['-e', ''] });
    expect(useServerLineReader(transport)).toBe(true);
    expect(attachStdioToolCalls(transport)).toBeInstanceOf(StdioToolCalls);
  });
});
