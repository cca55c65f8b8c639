import { demoArsenalPerTest } from '@arsenal/testkit';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from './testing.js';
import { createArsenalToolSelection } from './tool-selection.js';

const setup = demoArsenalPerTest();

describe('createArsenalToolSelection in search mode', () => {
  it('search → load → call → answer; each step’s tools extend the previous step’s', async () => {
    const { arsenal, calls } = await setup();
    const { model, offered, prompts } = scriptedModel([
      { toolCalls: [{ name: 'search_tools', args: { query: 'weather forecast for a city' } }] },
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      {
        toolCalls: [{ name: 'search_tools', args: { query: 'convert money between currencies' } }],
      },
      { text: 'Sunny, 21 °C.' },
    ]);
    const selection = createArsenalToolSelection(arsenal, { limit: 1, toolSearch: true });
    const result = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(6),
      prompt: 'What is the weather in Paris?',
    });
    expect(result.text).toBe('Sunny, 21 °C.');
    expect(calls.weather).toBe(1);
    expect(offered).toEqual([
      ['search_tools'],
      ['search_tools', 'get_weather'],
      ['search_tools', 'get_weather'],
      ['search_tools', 'get_weather', 'convert_currency'],
    ]);
    expect(JSON.stringify(prompts[1])).toContain('get_weather');
  });

  it('keeps pinned tools from the first step and refuses a tool no search loaded', async () => {
    const { arsenal, calls } = await setup();
    const { model, offered } = scriptedModel([
      { toolCalls: [{ name: 'files__delete_file', args: { path: '/tmp/x' } }] },
      { text: 'I need to search first.' },
    ]);
    const selection = createArsenalToolSelection(arsenal, {
      toolSearch: { pinned: ['get_weather'], searchToolName: 'find_tools' },
    });
    // The SDK only runs active tools: call the refused one through the tool set as the SDK would.
    const result = await generateText({
      model,
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(3),
      prompt: 'Delete /tmp/x',
    });
    expect(offered[0]).toEqual(['find_tools', 'get_weather']);
    expect(result.text).toBe('I need to search first.');
    const direct = await selection.tools.files__delete_file?.execute?.(
      { path: '/tmp/x' },
      { toolCallId: 'x', messages: [] },
    );
    expect(direct).toMatchObject({
      code: 'tool_not_loaded',
      error: expect.stringMatching(/find_tools/),
    });
    expect(calls.deleteFile).toBe(0);
  });
});
