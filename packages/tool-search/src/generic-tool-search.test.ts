import { describe, expect, it } from 'vitest';
import { fixtureArsenal } from './fixtures-test-support.js';
import { createGenericToolSearch } from './generic-tool-search.js';
import { type LoopModel, type LoopModelTurn, runToolSearchLoop } from './tool-search-loop.js';

/** A model that plays a script and records the tool names it was offered at each step. */
function scripted(turns: LoopModelTurn[]) {
  const offered: string[][] = [];
  const model: LoopModel = async ({ tools }) => {
    offered.push(tools.map((tool) => tool.name));
    const turn = turns[offered.length - 1];
    if (!turn) throw new Error(`the script has no turn ${offered.length}`);
    return turn;
  };
  return { model, offered };
}

describe('generic tool search loop', () => {
  it('search → load → call → answer; each step’s tools are a prefix of the next', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const search = createGenericToolSearch(arsenal, { pinned: ['get_time'], limit: 1 });
    const { model, offered } = scripted([
      { toolCalls: [{ id: '1', name: 'search_tools', arguments: '{"query":"weather forecast"}' }] },
      { toolCalls: [{ id: '2', name: 'get_weather', arguments: { city: 'Oslo' } }] },
      { toolCalls: [{ id: '3', name: 'search_tools', arguments: { query: 'send an email' } }] },
      { text: 'Rain in Oslo.' },
    ]);
    const result = await runToolSearchLoop({
      conversation: search.conversation('c'),
      model,
      messages: [{ role: 'user', content: 'Will it rain in Oslo?' }],
    });
    expect(result).toMatchObject({ text: 'Rain in Oslo.', finished: true });
    expect(offered).toEqual([
      ['search_tools', 'get_time'],
      ['search_tools', 'get_time', 'get_weather'],
      ['search_tools', 'get_time', 'get_weather'],
      ['search_tools', 'get_time', 'get_weather', 'send_email'],
    ]);
    for (let step = 1; step < result.toolsPerStep.length; step += 1) {
      const before = JSON.stringify(result.toolsPerStep[step - 1]);
      expect(JSON.stringify(result.toolsPerStep[step]).startsWith(before.slice(0, -1))).toBe(true);
    }
    expect(calls).toEqual(['get_weather {"city":"Oslo"}']);
    const searchResult = JSON.parse((result.messages[2] as { content: string }).content) as {
      loaded: { name: string; parameters: unknown }[];
    };
    expect(searchResult.loaded).toEqual([
      {
        name: 'get_weather',
        description: 'Current weather and a three-day forecast for a city.',
        parameters: expect.objectContaining({ required: ['city'] }),
      },
    ]);
  });

  it('tells the model to search first when it calls a tool it never loaded', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const { model } = scripted([
      {
        toolCalls: [
          { id: '1', name: 'send_email', arguments: { to: 'a', subject: 'b', body: 'c' } },
        ],
      },
      { text: 'ok' },
    ]);
    const result = await runToolSearchLoop({
      conversation: createGenericToolSearch(arsenal).conversation('c'),
      model,
      messages: [{ role: 'user', content: 'mail a' }],
    });
    expect(result.calls[0]).toMatchObject({ kind: 'call', result: { status: 'not_found' } });
    expect(result.calls[0]!.text).toMatch(/tool_not_loaded.*Search for it/);
    expect(calls).toEqual([]);
  });

  it('stops at maxSteps, reports a search without a query, and refuses a bad maxSteps', async () => {
    const { arsenal } = await fixtureArsenal();
    const conversation = createGenericToolSearch(arsenal).conversation('c');
    const { model } = scripted([
      { toolCalls: [{ id: '1', name: 'search_tools', arguments: {} }] },
      { toolCalls: [{ id: '2', name: 'search_tools', arguments: {} }] },
    ]);
    const result = await runToolSearchLoop({
      conversation,
      model,
      messages: [{ role: 'user', content: 'x' }],
      maxSteps: 2,
    });
    expect(result.finished).toBe(false);
    expect(result.calls[0]!.text).toMatch(/needs a `query`/);
    await expect(
      runToolSearchLoop({ conversation, model, messages: [], maxSteps: 0 }),
    ).rejects.toThrow(/maxSteps must be a positive integer/);
    await expect(conversation.handle('get_time', '{oops')).rejects.toThrow(/not valid JSON/);
  });
});
