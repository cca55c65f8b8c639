import { demoArsenal } from '@arsenal/testkit';
import { HumanMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import { createArsenalAgent } from './langgraph.js';

const key = process.env.OPENAI_API_KEY;
if (!key)
  console.warn(
    'langchain live test: skipped, set OPENAI_API_KEY (and optionally OPENAI_MODEL) to run it',
  );

describe.skipIf(!key)('with a real OpenAI chat model', () => {
  it('binds the weather tool, calls it and answers', async () => {
    const { arsenal, calls } = await demoArsenal();
    const model = new ChatOpenAI({
      apiKey: key,
      model: process.env.OPENAI_MODEL ?? 'gpt-4.1-mini',
      configuration: { baseURL: process.env.OPENAI_BASE_URL },
    });
    const agent = createArsenalAgent({ arsenal, model, limit: 2 });
    const state = await agent.invoke(
      { messages: [new HumanMessage('What is the weather in Paris right now? Use a tool.')] },
      { recursionLimit: 12 },
    );
    expect(calls.weather).toBeGreaterThanOrEqual(1);
    expect(state.toolSelection?.tools.map((t) => t.name)).toContain('get_weather');
    expect(String(state.messages.at(-1)?.content).length).toBeGreaterThan(0);
    await arsenal.close();
  }, 120_000);
});
