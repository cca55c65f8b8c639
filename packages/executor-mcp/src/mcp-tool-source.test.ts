import { describe, expect, it } from 'vitest';
import { createMcpToolSource } from './index.js';
import { callContext } from './test-support/call-tool.js';

describe('createMcpToolSource', () => {
  it('checks options up front', () => {
    expect(() =>
      createMcpToolSource({ name: '', transport: { type: 'stdio', command: 'x' } }),
    ).toThrow(/name is required/);
    expect(() =>
      createMcpToolSource({ name: 'x', transport: { type: 'stdio', command: '' } }),
    ).toThrow(/command is required/);
    expect(() =>
      createMcpToolSource({ name: 'x', transport: { type: 'http', url: 'not a url' } }),
    ).toThrow(/not a valid URL/);
    expect(() =>
      createMcpToolSource({ name: 'x', transport: { type: 'ws', url: 'ws://x' } as never }),
    ).toThrow(/unknown transport type "ws"/);
    expect(() =>
      createMcpToolSource({ name: 'x', transport: { type: 'stdio', command: 'x' }, timeoutMs: 0 }),
    ).toThrow(/timeoutMs/);
    expect(() =>
      createMcpToolSource({
        name: 'x',
        transport: { type: 'stdio', command: 'x' },
        connectTimeoutMs: -1,
      }),
    ).toThrow(/connectTimeoutMs/);
  });

  it('uses the server name as id and its sanitised form as namespace, and does not connect yet', () => {
    const source = createMcpToolSource({
      name: 'GitHub Enterprise',
      transport: { type: 'stdio', command: 'x' },
    });
    expect(source.id).toBe('GitHub Enterprise');
    expect(source.namespace).toBe('github-enterprise');
    expect(source.state).toBe('idle');
    expect(source.pid).toBeUndefined();
    expect(source.approvedHashes()).toEqual({});
    expect(source.executor.kind).toBe('mcp');
  });

  it('binds its executor to its own tools only', () => {
    const source = createMcpToolSource({ name: 'a', transport: { type: 'stdio', command: 'x' } });
    const own = { source: 'mcp_server', metadata: { mcpServer: 'a' } } as never;
    const other = { source: 'mcp_server', metadata: { mcpServer: 'b' } } as never;
    const fn = { source: 'function', metadata: {} } as never;
    expect(source.executor.canExecute(own)).toBe(true);
    expect(source.executor.canExecute(other)).toBe(false);
    expect(source.executor.canExecute(fn)).toBe(false);
    expect(callContext(own).signal.aborted).toBe(false);
  });

  it('refuses to load after close', async () => {
    const source = createMcpToolSource({ name: 'a', transport: { type: 'stdio', command: 'x' } });
    await source.close();
    await expect(source.load()).rejects.toThrow(/closed/);
  });
});
