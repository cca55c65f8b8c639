import { type ArsenalError, createArsenal } from '@arsenal/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createA2aToolSource } from './a2a-tool-source.js';
import { startTestAgent, type TestAgent } from './test-support/test-agent.js';

let agent: TestAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

describe('A2A agent auth and card discovery', () => {
  it('sends the bearer token the card asks for', async () => {
    agent = await startTestAgent({ auth: { type: 'bearer', secret: 's3cret' } });
    const source = createA2aToolSource({ url: agent.url, credentials: { bearerToken: 's3cret' } });
    const arsenal = createArsenal();
    await arsenal.addSource(source);
    const result = await arsenal.execute({ tool: 'test_agent_echo', arguments: { message: 'x' } });
    expect(result.status).toBe('success');
    expect(agent.requests().at(-1)?.authorization).toBe('Bearer s3cret');
    await arsenal.close();
  });

  it('sends an API key in the header the card names', async () => {
    agent = await startTestAgent({ auth: { type: 'apiKey', secret: 'k-123' } });
    const source = createA2aToolSource({ url: agent.url, credentials: { apiKey: 'k-123' } });
    const arsenal = createArsenal();
    await arsenal.addSource(source);
    const result = await arsenal.execute({ tool: 'test_agent_echo', arguments: { message: 'x' } });
    expect(result.status).toBe('success');
    expect(agent.requests().at(-1)?.apiKey).toBe('k-123');
    await arsenal.close();
  });

  it('sends the call span as a W3C traceparent header, and none for ids that are not W3C ids', async () => {
    agent = await startTestAgent();
    const arsenal = createArsenal();
    await arsenal.addSource(createA2aToolSource({ url: agent.url }));
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traced = await arsenal.execute({
      tool: 'test_agent_echo',
      arguments: { message: 'x' },
      traceId,
    });
    expect(traced.status).toBe('success');
    expect(agent.requests().at(-1)?.traceparent).toMatch(
      new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`),
    );
    await arsenal.execute({
      tool: 'test_agent_echo',
      arguments: { message: 'y' },
      traceId: 'my-own-trace',
    });
    expect(agent.requests().at(-1)).not.toHaveProperty('traceparent');
    await arsenal.close();
  });

  it('refuses to load an agent whose required scheme has no credential configured', async () => {
    agent = await startTestAgent({ auth: { type: 'bearer', secret: 's3cret' } });
    const error = (await createA2aToolSource({ url: agent.url })
      .load()
      .catch((e: unknown) => e)) as ArsenalError;
    expect(error).toMatchObject({ name: 'ConfigurationError', code: 'configuration_invalid' });
    expect(error.message).toContain('credentials.bearerToken');
  });

  it('a wrong token is a typed a2a_unauthorized error, not a crash', async () => {
    agent = await startTestAgent({ auth: { type: 'bearer', secret: 's3cret' } });
    const source = createA2aToolSource({ url: agent.url, credentials: { bearerToken: 'wrong' } });
    const arsenal = createArsenal();
    await arsenal.addSource(source);
    const result = await arsenal.execute({ tool: 'test_agent_echo', arguments: { message: 'x' } });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('a2a_unauthorized');
    await arsenal.close();
  });

  it('falls back to the older /.well-known/agent.json', async () => {
    agent = await startTestAgent({ legacyCardPath: true });
    const tools = await createA2aToolSource({ url: agent.url }).load();
    expect(tools).toHaveLength(7);
  });

  it('follows card changes by content hash on refresh', async () => {
    agent = await startTestAgent();
    const { testAgentCard } = await import('./test-support/test-agent.js');
    const source = createA2aToolSource({ url: agent.url });
    const changes: { added: string[]; updated: string[]; removed: string[] }[] = [];
    source.watch((change) =>
      changes.push({
        added: change.added.map((t) => t.name),
        updated: change.updated.map((t) => t.name),
        removed: change.removed.map((t) => t.name),
      }),
    );
    await source.load();
    await source.refresh();
    expect(changes).toEqual([]);
    const card = testAgentCard(agent.url);
    const skills = card.skills as { id: string; description: string }[];
    skills[0]!.description = 'Echo everything back, loudly.';
    card.skills = skills.filter((skill) => skill.id !== 'translate');
    agent.setCard(card);
    await source.refresh();
    expect(changes).toEqual([
      { added: [], updated: ['test_agent_echo'], removed: ['test_agent_translate'] },
    ]);
  });
});
