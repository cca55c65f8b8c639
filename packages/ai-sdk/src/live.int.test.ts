import { createOpenAI } from '@ai-sdk/openai';
import { demoArsenal } from '@arsenal/testkit';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { createArsenalToolSelection } from './tool-selection.js';

const key = process.env.OPENAI_API_KEY;
if (!key)
  console.warn(
    'ai-sdk live test: skipped, set OPENAI_API_KEY (and optionally OPENAI_MODEL) to run it',
  );

describe.skipIf(!key)('with a real OpenAI model', () => {
  it('selects the weather tool, calls it and answers', async () => {
    const { arsenal, calls } = await demoArsenal();
    const provider = createOpenAI({ apiKey: key, baseURL: process.env.OPENAI_BASE_URL });
    const selection = createArsenalToolSelection(arsenal, { limit: 2 });
    const result = await generateText({
      model: provider(process.env.OPENAI_MODEL ?? 'gpt-4.1-mini'),
      tools: selection.tools,
      prepareStep: selection.prepareStep,
      stopWhen: stepCountIs(4),
      prompt: 'What is the weather in Paris right now? Use a tool.',
    });
    expect(selection.selections[0]?.activeTools).toContain('get_weather');
    expect(calls.weather).toBeGreaterThanOrEqual(1);
    expect(result.text.length).toBeGreaterThan(0);
    await arsenal.close();
  }, 120_000);
});
