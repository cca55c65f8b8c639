import { createArsenal, defineTool } from '@arsenal/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AnthropicTool, createAnthropicTranscoder } from './index.js';

describe('retrieveTools with the anthropic dialect', () => {
  it('is typed and shaped as Anthropic tools', async () => {
    const arsenal = createArsenal({ transcoders: [createAnthropicTranscoder()] });
    await arsenal.register(
      defineTool({
        name: 'get_weather',
        description: 'Current weather and forecast for a city.',
        input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        handler: ({ city }) => ({ city }),
      }),
    );
    const tools = await arsenal.retrieveTools('weather in Paris', { dialect: 'anthropic' });
    expectTypeOf(tools).toEqualTypeOf<AnthropicTool[]>();
    expect(tools[0]?.name).toBe('get_weather');
    expect(tools[0]?.input_schema).toMatchObject({ properties: { city: { type: 'string' } } });
    const untyped = await arsenal.retrieveTools('weather', { dialect: 'anthropic' as string });
    expectTypeOf(untyped).toEqualTypeOf<unknown[]>();
    await arsenal.close();
  });
});
