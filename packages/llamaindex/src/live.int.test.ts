import { demoArsenal } from '@arsenal/testkit';
import { openai } from '@llamaindex/openai';
import { describe, expect, it } from 'vitest';
import { createArsenalWorkflow } from './arsenal-workflow.js';

const key = process.env.OPENAI_API_KEY;
if (!key)
  console.warn(
    'llamaindex live test: skipped, set OPENAI_API_KEY (and optionally OPENAI_MODEL) to run it',
  );

describe.skipIf(!key)('with a real OpenAI model', () => {
  it('selects the weather tool per step, calls it and answers', async () => {
    const { arsenal, calls } = await demoArsenal();
    const llm = openai({
      apiKey: key,
      model: process.env.OPENAI_MODEL ?? 'gpt-4.1-mini',
      ...(process.env.OPENAI_BASE_URL ? { baseURL: process.env.OPENAI_BASE_URL } : {}),
    });
    const { run } = createArsenalWorkflow(arsenal, { llm, limit: 2, maxSteps: 4 });
    const answer = await run('What is the weather in Paris right now? Use a tool.');
    expect(answer.steps[0]?.tools).toContain('get_weather');
    expect(calls.weather).toBeGreaterThanOrEqual(1);
    expect(answer.result.length).toBeGreaterThan(0);
    await arsenal.close();
  }, 120_000);
});
