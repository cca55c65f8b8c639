import { createArsenal, defineTool } from '@arsenal/core';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { expect, it } from 'vitest';
import { createOpenAIToolSearch } from './index.js';

it('runs the README quick start', async () => {
  const arsenal = createArsenal({ transcoders: [createOpenAITranscoder({ api: 'responses' })] });
  await arsenal.register(
    defineTool({
      name: 'get_weather',
      namespace: 'weather',
      description: 'Current weather and a three-day forecast for a city.',
      input: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      } as const,
      handler: ({ city }) => ({ city, sky: 'rain' }),
    }),
  );
  const search = createOpenAIToolSearch(arsenal);
  const conversation = search.conversation('thread-1');
  const output = await conversation.answer({
    type: 'tool_search_call',
    call_id: 'call_1',
    execution: 'client',
    arguments: { query: 'weather forecast' },
  });
  expect(search.tools.length).toBe(2);
  expect(output.tools[0]).toMatchObject({ type: 'namespace', name: 'weather' });
});
