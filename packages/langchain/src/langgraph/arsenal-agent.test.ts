import { demoArsenalPerTest } from '@arsenal/testkit';
import { HumanMessage, isToolMessage, type ToolMessage } from '@langchain/core/messages';
import { Command, MemorySaver } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { ScriptedChatModel } from '../testing.js';
import { createArsenalAgent } from './arsenal-agent.js';

const setup = demoArsenalPerTest();

const toolMessages = (messages: unknown[]) =>
  messages.filter((m): m is ToolMessage => isToolMessage(m as ToolMessage));

describe('createArsenalAgent', () => {
  it('binds only the retrieved tools at each step and feeds results back', async () => {
    const { arsenal, calls } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      { text: 'It is sunny in Paris, 21 °C.' },
    ]);
    const agent = createArsenalAgent({ arsenal, model, limit: 2 });
    const state = await agent.invoke({
      messages: [new HumanMessage('What is the weather forecast in Paris today?')],
    });
    expect(model.offered[0]).toContain('get_weather');
    expect(model.offered[0]?.length).toBeLessThanOrEqual(2);
    expect(model.offered[0]).not.toContain('files__delete_file');
    expect(calls.weather).toBe(1);
    const [result] = toolMessages(state.messages);
    expect(JSON.parse(result?.content as string)).toMatchObject({ city: 'Paris' });
    // The second model call saw the tool result.
    expect(model.prompts[1]?.some((m) => isToolMessage(m))).toBe(true);
    expect(state.messages.at(-1)?.content).toBe('It is sunny in Paris, 21 °C.');
    expect(state.toolSelection?.query).toBe('What is the weather forecast in Paris today?');
    expect(state.toolSelection?.tools[0]).toMatchObject({
      name: 'get_weather',
      qualifiedName: 'default.get_weather:1.0.0',
      rank: 1,
    });
  });

  it('selects again for every turn of a conversation', async () => {
    const { arsenal, calls } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Rome' } }] },
      { text: 'Sunny.' },
      { toolCalls: [{ name: 'convert_currency', args: { amount: 100, from: 'USD', to: 'EUR' } }] },
      { text: '90 EUR.' },
    ]);
    const agent = createArsenalAgent({ arsenal, model, limit: 1, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 'turns' } };
    await agent.invoke({ messages: [new HumanMessage('weather forecast for Rome')] }, config);
    const state = await agent.invoke(
      { messages: [new HumanMessage('convert 100 dollars to euros')] },
      config,
    );
    expect(model.offered[0]).toEqual(['get_weather']);
    expect(model.offered[2]).toEqual(['convert_currency']);
    expect(calls).toMatchObject({ weather: 1, convert: 1 });
    expect(state.toolSelection?.tools.map((t) => t.name)).toEqual(['convert_currency']);
  });

  it('answers a call of a tool that was not offered with an error the model can read', async () => {
    const { arsenal, calls } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'send_email', args: { to: 'a@b.c', subject: 's', body: 'b' } }] },
      { text: 'Sorry.' },
    ]);
    const agent = createArsenalAgent({ arsenal, model, limit: 1 });
    const state = await agent.invoke({ messages: [new HumanMessage('weather in Oslo')] });
    const [refusal] = toolMessages(state.messages);
    expect(refusal?.status).toBe('error');
    expect(refusal?.content).toContain('was not offered');
    expect(calls.email).toBe(0);
  });

  it('returns tool failures and bad arguments to the model instead of failing the run', async () => {
    const { arsenal } = await setup();
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'get_weather', args: { city: 'Atlantis' } },
          { name: 'get_weather', args: { town: 'Paris' } },
        ],
      },
      { text: 'Could not get it.' },
    ]);
    const agent = createArsenalAgent({ arsenal, model, limit: 1 });
    const state = await agent.invoke({ messages: [new HumanMessage('weather forecast')] });
    const [failed, invalid] = toolMessages(state.messages);
    expect(failed?.status).toBe('error');
    expect(failed?.content).toContain('Atlantis');
    expect(invalid?.status).toBe('error');
    expect(invalid?.content).toContain('did not match expected schema');
    // Failed tools are part of the next retrieval's context.
    expect(state.messages.at(-1)?.content).toBe('Could not get it.');
  });

  it('pauses on a confirmation and runs the call once when the human approves', async () => {
    const { arsenal, calls } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/tmp/report.txt' } }] },
      { text: 'Deleted.' },
    ]);
    const agent = createArsenalAgent({ arsenal, model, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 'approve' } };
    const paused = await agent.invoke(
      { messages: [new HumanMessage('delete the file /tmp/report.txt from the shared drive')] },
      config,
    );
    const interrupts = (paused as { __interrupt__?: { value: unknown }[] }).__interrupt__ ?? [];
    expect(interrupts[0]?.value).toMatchObject({
      type: 'arsenal_confirmation',
      qualifiedName: 'files.delete_file:1.0.0',
      arguments: { path: '/tmp/report.txt' },
      confirmation: { id: expect.any(String) },
    });
    expect(calls.deleteFile).toBe(0);
    const done = await agent.invoke(new Command({ resume: true }), config);
    expect(calls.deleteFile).toBe(1);
    const [result] = toolMessages(done.messages);
    expect(result?.content).toBe('deleted /tmp/report.txt');
    expect(done.messages.at(-1)?.content).toBe('Deleted.');
  });

  it('does not run the call when the human refuses', async () => {
    const { arsenal, calls } = await setup();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/x' } }] },
      { text: 'Kept it.' },
    ]);
    const agent = createArsenalAgent({ arsenal, model, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 'refuse' } };
    await agent.invoke(
      { messages: [new HumanMessage('delete the file /x from the drive')] },
      config,
    );
    const done = await agent.invoke(new Command({ resume: { approved: false } }), config);
    const [result] = toolMessages(done.messages);
    expect(result?.status).toBe('error');
    expect(JSON.parse(result?.content as string).status).toBe('cancelled');
    expect(calls.deleteFile).toBe(0);
  });

  it('refuses a model without tool calling', async () => {
    const { arsenal } = await setup();
    expect(() => createArsenalAgent({ arsenal, model: { invoke: () => null } as never })).toThrow(
      /bindTools/,
    );
  });
});
