import { createArsenal } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpToolSource, type McpToolSource } from './index.js';
import { stdioServer } from './test-support/reference-servers.js';

describe('with the Arsenal engine', () => {
  let source: McpToolSource;
  const arsenal = createArsenal();

  beforeAll(async () => {
    source = createMcpToolSource({
      name: 'everything',
      transport: stdioServer('server-everything', ['stdio']),
    });
    const summary = await arsenal.register(await source.load(), { executor: source.executor });
    expect(summary.failed).toEqual([]);
  });

  afterAll(async () => {
    await arsenal.close();
    await source.close();
  });

  it('retrieves and executes an MCP tool through the engine', async () => {
    const found = await arsenal.retrieve('add two numbers');
    expect(found.tools.map((match) => match.tool.qualifiedName)).toContain(
      'everything.get_sum:1.0.0',
    );
    const result = await arsenal.execute({ tool: 'everything.get_sum', arguments: { a: 1, b: 2 } });
    expect(result.status).toBe('success');
    expect(result.result).toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('3') }],
    });
  });

  it('records an isError result as a failed call with the server message', async () => {
    // Valid for the schema (a number), refused by the server at run time (ids start at 1).
    const result = await arsenal.execute({
      tool: 'everything.get_resource_reference',
      arguments: { resourceType: 'Text', resourceId: 0 },
    });
    expect(result.status).not.toBe('success');
    expect(result.error).toMatchObject({ code: 'execution_failed', retryable: false });
    expect(result.error?.message).toMatch(/Invalid resourceId/);
  });
});
