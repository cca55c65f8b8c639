import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import type { ArsenalEvent } from '../events/events.js';
import type { ClientRequests } from '../ports/executor.js';
import { defineTool } from '../tool/define-tool.js';

const ask = defineTool({
  name: 'ask_user',
  description: 'Ask the user for a name, then the model for a greeting.',
  input: { type: 'object', properties: {} } as const,
  handler: async (_args, context) => {
    const can = context.clientCan;
    const answer = await context.elicit?.({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' } } },
    });
    const sampled = await context.sample?.({
      messages: [
        { role: 'user', content: { type: 'text', text: `Greet ${String(answer?.content?.name)}` } },
      ],
      maxTokens: 20,
    });
    const roots = await context.listRoots?.();
    return { can, answer, sampled, roots };
  },
});

describe('a running tool asks the caller (elicitation, sampling, roots)', () => {
  it('passes each request to the caller and records it as an event', async () => {
    const events: ArsenalEvent[] = [];
    const arsenal = createArsenal({ telemetry: { emit: (event) => events.push(event) } });
    await arsenal.register(ask);
    const seen: unknown[] = [];
    const client: ClientRequests = {
      elicit: async (request, options) => {
        seen.push(request, options.signal instanceof AbortSignal);
        return { action: 'accept', content: { name: 'Grace' } };
      },
      sample: async (request) => {
        seen.push(request);
        return { role: 'assistant', content: { type: 'text', text: 'Hello Grace' }, model: 'm' };
      },
      listRoots: async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
    };
    const result = await arsenal.execute({
      tool: 'ask_user',
      arguments: {},
      client,
      principal: { id: 'u1' },
    });
    expect(result).toMatchObject({
      status: 'success',
      result: {
        can: { elicit: true, sample: true, listRoots: true },
        answer: { action: 'accept', content: { name: 'Grace' } },
        sampled: { content: { text: 'Hello Grace' } },
        roots: { roots: [{ uri: 'file:///work' }] },
      },
    });
    // The schema reaches the caller as the tool wrote it (defaults and all).
    expect(seen[0]).toMatchObject({
      requestedSchema: { properties: { name: { default: 'Ada' } } },
    });
    expect(seen[1]).toBe(true);
    const recorded = events.filter((e) => e.type === 'execution.client_request');
    expect(recorded).toEqual([
      expect.objectContaining({
        kind: 'elicit',
        outcome: 'answered',
        principalId: 'u1',
        tool: 'default.ask_user:1.0.0',
      }),
      expect.objectContaining({ kind: 'sample', outcome: 'answered' }),
      expect.objectContaining({ kind: 'list_roots', outcome: 'answered' }),
    ]);
    await arsenal.close();
  });

  it('refuses with not_supported when the caller cannot answer, and the tool can check first', async () => {
    const arsenal = createArsenal();
    await arsenal.register(ask);
    const result = await arsenal.execute({ tool: 'ask_user', arguments: {} });
    expect(result.status).toBe('failure');
    expect(result.error).toMatchObject({
      code: 'not_supported',
      message: expect.stringContaining('elicitation'),
    });
    await arsenal.close();
  });

  it('records a declined answer and a failed request', async () => {
    const events: ArsenalEvent[] = [];
    const arsenal = createArsenal({ telemetry: { emit: (event) => events.push(event) } });
    await arsenal.register(ask);
    const client: ClientRequests = {
      elicit: async () => ({ action: 'decline' }),
      sample: async () => {
        throw new Error('the user refused sampling');
      },
    };
    const result = await arsenal.execute({ tool: 'ask_user', arguments: {}, client });
    expect(result.status).toBe('failure');
    expect(
      events
        .filter((e) => e.type === 'execution.client_request')
        .map((e) => 'outcome' in e && e.outcome),
    ).toEqual(['declined', 'failed']);
    await arsenal.close();
  });
});
