import { ArsenalError } from '@arsenal/core';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { McpToolError, toCallError, toConnectionError } from './mcp-errors.js';

const context = {
  toolName: 'get_sum',
  serverName: 'everything',
  timeoutMs: 1_000,
  signal: new AbortController().signal,
  stderr: ['booting', 'fatal: out of memory'],
};

describe('toCallError', () => {
  it('keeps one "MCP error <code>:" prefix when the server sent its own', () => {
    const error = toCallError(
      new McpError(ErrorCode.InvalidParams, 'MCP error -32602: Unknown tool "x"'),
      context,
    );
    expect(error.message).toContain('refused tool "get_sum": MCP error -32602: Unknown tool "x"');
    expect(error.message).not.toContain('MCP error -32602: MCP error');
  });

  it('maps a timeout to a retryable timeout error', () => {
    const error = toCallError(new McpError(ErrorCode.RequestTimeout, 'Request timed out'), context);
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(error.message).toMatch(/1000 ms/);
  });

  it('maps a closed connection to a retryable error quoting stderr', () => {
    const error = toCallError(
      new McpError(ErrorCode.ConnectionClosed, 'Connection closed'),
      context,
    );
    expect(error).toMatchObject({ code: 'connection_closed', retryable: true });
    expect(error.message).toMatch(/out of memory/);
  });

  it('maps a protocol refusal to a non-retryable execution failure', () => {
    const error = toCallError(new McpError(ErrorCode.InvalidParams, 'bad arguments'), context);
    expect(error).toMatchObject({ code: 'execution_failed', retryable: false });
    expect(error.message).toMatch(/bad arguments/);
  });

  it('maps HTTP errors by status', () => {
    expect(toCallError(new StreamableHTTPError(503, 'unavailable'), context).retryable).toBe(true);
    expect(toCallError(new StreamableHTTPError(401, 'unauthorized'), context).retryable).toBe(
      false,
    );
  });

  it('maps a network failure to a retryable connection error', () => {
    expect(toCallError(new TypeError('fetch failed'), context)).toMatchObject({
      code: 'connection_failed',
      retryable: true,
    });
  });

  it('reports cancellation whatever the SDK threw', () => {
    const signal = AbortSignal.abort(new Error('stop'));
    const error = toCallError(new McpError(ErrorCode.RequestTimeout, 'Error: stop'), {
      ...context,
      signal,
    });
    expect(error).toMatchObject({ code: 'cancelled', retryable: false });
  });
});

describe('toConnectionError', () => {
  it('does not retry a missing executable', () => {
    const missing = Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT' });
    expect(toConnectionError(missing, 'x', [])).toMatchObject({
      code: 'connection_failed',
      retryable: false,
    });
  });
});

describe('McpToolError', () => {
  it('is an execution_failed ArsenalError whose message is the text content', () => {
    const result = {
      isError: true,
      content: [
        { type: 'text' as const, text: 'Division by zero.' },
        { type: 'image' as const, data: 'AA==', mimeType: 'image/png' },
      ],
    };
    const error = new McpToolError('divide', 'calc', result);
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'execution_failed',
      retryable: false,
      message: 'Division by zero.',
    });
    expect(error.result).toBe(result);
    expect(new McpToolError('divide', 'calc', { isError: true, content: [] }).message).toMatch(
      /without a message/,
    );
  });
});
