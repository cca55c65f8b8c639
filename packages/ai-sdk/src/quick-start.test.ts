import { readFileSync } from 'node:fs';
import { createArsenal, defineTool } from '@arsenal/core';
import { generateText, stepCountIs } from 'ai';
import { expect, it } from 'vitest';
import { createArsenalToolSelection } from './index.js';
import { scriptedModel } from './testing.js';

// The README's "Testing without a key" example, with its result checked.
it('runs the README quick start', async () => {
  const { model, offered } = scriptedModel([
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
  expect(offered).toEqual([['get_weather'], ['get_weather']]);
  await arsenal.close();
});

it('is the code of the README example, imports and output aside', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Testing without a key')[1] ?? '';
  const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const code = example
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('import ') && !line.startsWith('console.log('));
  const test = readFileSync(new URL(import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim());
  expect(code.length).toBeGreaterThan(10);
  for (const line of code) expect(test).toContain(line);
});
