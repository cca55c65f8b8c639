import { createArsenal, defineTool } from '@arsenal/core';
import { generateText, stepCountIs } from 'ai';
import { expect, it } from 'vitest';
import { createArsenalToolSelection } from './index.js';
import { scriptedModel } from './testing.js';

// The README's "Testing without a key" example, with its result checked.
it('runs the README quick start', async () => {
  const { model } = scriptedModel([
    { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    { text: 'Sunny in Paris.' },
  ]);
  const arsenal = createArsenal();
  await arsenal.register(
    defineTool({
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      input: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      } as const,
      handler: ({ city }) => ({ city, sky: 'sunny' }),
    }),
  );
  const { tools, prepareStep, selections } = createArsenalToolSelection(arsenal, { limit: 5 });
  const result = await generateText({
    model,
    tools,
    prepareStep,
    stopWhen: stepCountIs(5),
    prompt: 'Weather in Paris?',
  });
  expect(result.text).toBe('Sunny in Paris.');
  expect(selections[0]?.activeTools).toEqual(['get_weather']);
  await arsenal.close();
});
