import { readFileSync } from 'node:fs';
import { createArsenal, defineTool } from '@arsenal/core';
import { HumanMessage } from '@langchain/core/messages';
import { expect, it } from 'vitest';
import { createArsenalAgent } from './langgraph.js';
import { ScriptedChatModel } from './testing.js';

// The README's "Testing without a key" example, with its result checked.
it('runs the README quick start', async () => {
  const model = new ScriptedChatModel([
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
  const agent = createArsenalAgent({ arsenal, model, limit: 5 });
  const state = await agent.invoke({ messages: [new HumanMessage('Weather in Paris?')] });
  expect(state.messages.at(-1)?.content).toBe('Sunny in Paris.');
  expect(state.toolSelection?.tools.map((t) => t.name)).toEqual(['get_weather']);
  expect(state.messages.map((m) => m.getType())).toEqual(['human', 'ai', 'tool', 'ai']);
  expect(model.offered).toEqual([['get_weather'], ['get_weather']]);
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
