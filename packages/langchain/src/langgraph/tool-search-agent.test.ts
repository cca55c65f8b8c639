import { demoArsenalPerTest } from '@arsenal/testkit';
import { HumanMessage, isToolMessage, type ToolMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { ScriptedChatModel } from '../testing.js';
import { createArsenalAgent } from './arsenal-agent.js';

const setup = demoArsenalPerTest();
const toolMessages = (messages: unknown[]) =>
  messages.filter((m): m is ToolMessage => isToolMessage(m as ToolMessage));

describe('createArsenalAgent in search mode', () => {
  it('search → load → call → answer; the bound tools only grow at their end', async () => {
    const { arsenal, calls } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'search_tools', args: { query: 'weather forecast for a city' } }] },
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      {
        toolCalls: [{ name: 'search_tools', args: { query: 'convert money between currencies' } }],
      },
      { text: 'Sunny in Paris.' },
    ]);
    const agent = createArsenalAgent({ arsenal, model, limit: 1, toolSearch: true });
    const state = await agent.invoke({ messages: [new HumanMessage('Weather in Paris?')] });
    expect(state.messages.at(-1)?.content).toBe('Sunny in Paris.');
    expect(calls.weather).toBe(1);
    expect(model.offered).toEqual([
      ['search_tools'],
      ['search_tools', 'get_weather'],
      ['search_tools', 'get_weather'],
      ['search_tools', 'get_weather', 'convert_currency'],
    ]);
    const [search] = toolMessages(state.messages);
    expect(JSON.parse(search?.content as string).loaded[0].name).toBe('get_weather');
  });

  it('refuses a tool no search loaded, and remembers loaded tools across turns of a thread', async () => {
    const { arsenal, calls } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Rome' } }] },
      { toolCalls: [{ name: 'find_tools', args: { query: 'weather forecast for a city' } }] },
      { text: 'Found it.' },
      { toolCalls: [{ name: 'get_weather', args: { city: 'Rome' } }] },
      { text: 'Sunny in Rome.' },
    ]);
    const agent = createArsenalAgent({
      arsenal,
      model,
      limit: 1,
      checkpointer: new MemorySaver(),
      toolSearch: { pinned: ['convert_currency'], searchToolName: 'find_tools' },
    });
    const config = { configurable: { thread_id: 't1' } };
    const first = await agent.invoke({ messages: [new HumanMessage('Weather in Rome?')] }, config);
    const [refused] = toolMessages(first.messages);
    expect(refused?.status).toBe('error');
    expect(refused?.content).toMatch(/has not been loaded\. Call "find_tools"/);
    expect(calls.weather).toBe(0);
    await agent.invoke({ messages: [new HumanMessage('And now?')] }, config);
    expect(model.offered[0]).toEqual(['find_tools', 'convert_currency']);
    expect(model.offered[3]).toEqual(['find_tools', 'convert_currency', 'get_weather']);
    expect(calls.weather).toBe(1);
  });
});
