import { createArsenal } from '@arsenal/core';
import { nastyTool } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createOpenAITranscoder } from './index.js';

describe('OpenAITranscoder.decodeArguments', () => {
  const transcoder = createOpenAITranscoder({ strict: true });

  it('reads strict mode null for an optional property as absent, in nested objects too', () => {
    const decoded = transcoder.decodeArguments(nastyTool('composed'), {
      contact: { name: 'Ada', email: 'ada@example.com' },
      address: { street: 'Main St', zip: null },
    });
    expect(decoded).toEqual({
      contact: { name: 'Ada', email: 'ada@example.com' },
      address: { street: 'Main St' },
    });
  });

  it('lets execute({ dialect: "openai" }) run a strict call the canonical schema would refuse', async () => {
    const arsenal = createArsenal({ transcoders: [transcoder] });
    await arsenal.register(nastyTool('flat'), {
      executor: {
        kind: 'echo',
        canExecute: () => true,
        execute: async (request) => request.arguments,
      },
    });
    const args = { city: 'Oslo', units: null, days: null, when: null, homepage: null };
    const raw = await arsenal.execute({ tool: 'tool_flat', arguments: args });
    expect(raw.status).toBe('invalid_arguments');
    const decoded = await arsenal.execute({
      tool: 'tool_flat',
      arguments: args,
      dialect: 'openai',
    });
    expect(decoded).toMatchObject({ status: 'success', result: { city: 'Oslo' } });
    await arsenal.close();
  });
});
