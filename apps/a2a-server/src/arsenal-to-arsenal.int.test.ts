import { createArsenal } from '@arsenal/core';
import { type A2aToolResult, createA2aToolSource } from '@arsenal/executor-a2a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream, UPSTREAM_TOKEN } from './test-support/upstream.js';

describe('an Arsenal consuming another Arsenal as an A2A agent', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream.server.close();
    await upstream.arsenal.close();
  });

  it('registers the agent skills and runs a remote tool through them', async () => {
    const local = createArsenal();
    await local.addSource(
      createA2aToolSource({
        url: upstream.server.url,
        name: 'upstream',
        credentials: { bearerToken: UPSTREAM_TOKEN },
      }),
    );
    expect(local.registry.list().map((tool) => tool.name)).toEqual([
      'upstream_tool_discovery',
      'upstream_tool_execution',
    ]);
    const found = await local.execute<A2aToolResult>({
      tool: 'upstream_tool_discovery',
      arguments: { message: 'weather in a city' },
    });
    const listing = found.result?.artifacts[0]?.parts[0];
    expect(listing?.kind === 'data' && JSON.stringify(listing.data)).toContain(
      'weather.get_weather',
    );
    const ran = await local.execute<A2aToolResult>({
      tool: 'upstream_tool_execution',
      arguments: { message: 'run it', data: { tool: 'get_weather', arguments: { city: 'Oslo' } } },
    });
    expect(ran.status).toBe('success');
    expect(ran.result?.artifacts[0]?.parts[0]).toMatchObject({
      kind: 'data',
      data: { tool: 'weather.get_weather:1.0.0', result: { city: 'Oslo', tempC: 21 } },
    });
    await local.close();
  });

  it('surfaces the remote confirmation through the local caller, and runs after "yes"', async () => {
    const local = createArsenal();
    await local.addSource(
      createA2aToolSource({
        url: upstream.server.url,
        name: 'upstream',
        credentials: { bearerToken: UPSTREAM_TOKEN },
      }),
    );
    const asked: string[] = [];
    const ran = await local.execute<A2aToolResult>({
      tool: 'upstream_tool_execution',
      arguments: {
        message: 'drop it',
        data: { tool: 'drop_table', arguments: { table: 'users' } },
      },
      onInputRequest: async (request) => {
        asked.push(request.message);
        return { text: 'yes' };
      },
    });
    expect(asked[0]).toContain('needs confirmation');
    expect(ran.result?.state).toBe('completed');
    expect(JSON.stringify(ran.result?.artifacts)).toContain('dropped users');
    await local.close();
  });
});
