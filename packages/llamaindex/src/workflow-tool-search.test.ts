import { demoArsenalPerTest } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createArsenalWorkflow } from './arsenal-workflow.js';
import { scriptedLlm } from './testing.js';

const setup = demoArsenalPerTest();

describe('createArsenalWorkflow in search mode', () => {
  it('search → load → call → answer; the offered tools only grow at their end', async () => {
    const { arsenal, calls } = await setup();
    const { llm, offered, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'search_tools', args: { query: 'weather forecast for a city' } }] },
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      {
        toolCalls: [{ name: 'search_tools', args: { query: 'convert money between currencies' } }],
      },
      { text: 'Sunny in Paris.' },
    ]);
    const { run } = createArsenalWorkflow(arsenal, { llm, limit: 1, toolSearch: true });
    const answer = await run('Weather in Paris?');
    expect(answer.result).toBe('Sunny in Paris.');
    expect(calls.weather).toBe(1);
    expect(offered).toEqual([
      ['search_tools'],
      ['search_tools', 'get_weather'],
      ['search_tools', 'get_weather'],
      ['search_tools', 'get_weather', 'convert_currency'],
    ]);
    expect(answer.steps.map((step) => step.tools)).toEqual(offered);
    expect(JSON.stringify(prompts[1])).toContain('These tools are now available');
  });

  it('refuses a tool no search loaded, telling the model to search first', async () => {
    const { arsenal, calls } = await setup();
    const { llm, offered, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      { text: 'I will search first.' },
    ]);
    const { run } = createArsenalWorkflow(arsenal, {
      llm,
      toolSearch: { searchToolName: 'find_tools', pinned: ['convert_currency'] },
    });
    await run('Weather in Paris?');
    expect(offered[0]).toEqual(['find_tools', 'convert_currency']);
    expect(JSON.stringify(prompts[1])).toMatch(/has not been loaded\. Call .{1,8}find_tools/);
    expect(calls.weather).toBe(0);
  });
});
