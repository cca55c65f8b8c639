import { createArsenal, defineTool, InvalidArgumentError } from '@arsenal/core';
import { generateText, stepCountIs, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { toAiSdkToolSet } from './index.js';
import { scriptedModel } from './testing.js';

async function weatherTools() {
  const arsenal = createArsenal();
  await arsenal.register(
    defineTool({
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: ({ city }) => ({ city, sky: 'sunny' }),
    }),
  );
  return { arsenal, tools: toAiSdkToolSet(arsenal) };
}

describe('scriptedModel', () => {
  it('plays its turns through generateText and records tools and prompts', async () => {
    const { arsenal, tools } = await weatherTools();
    const { model, offered, prompts } = scriptedModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'weather_1' }] },
      { text: 'Sunny in Paris.' },
    ]);
    const result = await generateText({
      model,
      tools,
      stopWhen: stepCountIs(5),
      prompt: 'Weather in Paris?',
    });
    expect(result.text).toBe('Sunny in Paris.');
    expect(result.steps[0]?.toolCalls.map((call) => [call.toolCallId, call.input])).toEqual([
      ['weather_1', { city: 'Paris' }],
    ]);
    expect(offered).toEqual([['get_weather'], ['get_weather']]);
    expect(JSON.stringify(prompts[0])).toContain('Weather in Paris?');
    expect(JSON.stringify(prompts[1])).toContain('sunny');
    await arsenal.close();
  });

  it('streams the same script through streamText, numbering calls without ids', async () => {
    const { arsenal, tools } = await weatherTools();
    const { model, offered } = scriptedModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Oslo' } }] },
      { text: 'Sunny in Oslo.' },
    ]);
    const result = streamText({ model, tools, stopWhen: stepCountIs(5), prompt: 'Oslo?' });
    expect(await result.text).toBe('Sunny in Oslo.');
    const steps = await result.steps;
    expect(steps[0]?.toolCalls.map((call) => call.toolCallId)).toEqual(['call_1_0']);
    expect(steps[0]?.toolResults.map((r) => r.output)).toEqual([{ city: 'Oslo', sky: 'sunny' }]);
    expect(offered).toHaveLength(2);
    await arsenal.close();
  });

  it('throws an InvalidArgumentError naming the missing turn when the script runs out', async () => {
    const { arsenal, tools } = await weatherTools();
    const { model, offered } = scriptedModel([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    ]);
    const failure = await generateText({
      model,
      tools,
      stopWhen: stepCountIs(5),
      prompt: 'Weather in Paris?',
    }).catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toMatch(/called a 2nd time.*has 1 turn: add turn 2/);
    expect(offered).toHaveLength(2);
    await arsenal.close();
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
