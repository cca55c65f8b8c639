import { InvalidArgumentError } from '@arsenal/core';
import { demoArsenalPerTest } from '@arsenal/testkit';
import { HumanMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { retrieveLangChainTools } from './index.js';
import { createArsenalAgent } from './langgraph.js';
import { ScriptedChatModel } from './testing.js';

const setup = demoArsenalPerTest();

describe('ScriptedChatModel', () => {
  it('answers each call with the next turn and records the bound tools and the messages', async () => {
    const { arsenal } = await setup();
    const tools = await retrieveLangChainTools(arsenal, 'weather in Paris', { limit: 1 });
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'weather_1' }] },
      { toolCalls: [{ name: 'get_weather', args: { city: 'Oslo' } }] },
      { text: 'Done.' },
    ]);
    const bound = model.bindTools(tools);
    const first = await bound.invoke([new HumanMessage('Weather in Paris?')]);
    expect(first.tool_calls).toEqual([
      { id: 'weather_1', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' },
    ]);
    const second = await bound.invoke([new HumanMessage('And Oslo?')]);
    expect(second.tool_calls?.[0]?.id).toBe('call_2_0');
    const third = await model.invoke([new HumanMessage('Thanks')]);
    expect(third.content).toBe('Done.');
    expect(model.offered).toEqual([['get_weather'], ['get_weather'], []]);
    expect(model.prompts.map((messages) => messages[0]?.content)).toEqual([
      'Weather in Paris?',
      'And Oslo?',
      'Thanks',
    ]);
  });

  it('throws an InvalidArgumentError naming the missing turn when the script runs out', async () => {
    const { arsenal } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    ]);
    const agent = createArsenalAgent({ arsenal, model, limit: 2 });
    const failure = await agent
      .invoke({ messages: [new HumanMessage('Weather in Paris?')] })
      .catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toMatch(/called a 2nd time.*has 1 turn: add turn 2/);
    expect(model.offered).toHaveLength(2);
  });

  it('is shipped as the ./testing entry', () => {
    expect(packageJson.exports['./testing']).toEqual({
      types: './dist/testing.d.ts',
      import: './dist/testing.js',
      default: './dist/testing.js',
    });
    expect(packageJson.files).toContain('dist');
  });
});
