import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createAnthropicToolSearch } from './anthropic-tool-search.js';
import { fixtureArsenal } from './fixtures-test-support.js';
import { createOpenAIToolSearch } from './openai-tool-search.js';

const openaiKey = process.env.OPENAI_API_KEY;
const anthropicKey = process.env.ANTHROPIC_API_KEY;
if (!openaiKey) {
  console.warn('tool-search live test: OpenAI skipped, set OPENAI_API_KEY (OPENAI_MODEL optional)');
}
if (!anthropicKey) {
  console.warn(
    'tool-search live test: Anthropic skipped, set ANTHROPIC_API_KEY (ANTHROPIC_MODEL optional)',
  );
}
const PROMPT = 'Will it rain in Oslo? Find a weather tool with the tool search, then use it.';

describe.skipIf(!openaiKey)('with the real OpenAI Responses API', () => {
  it('searches through Arsenal, loads the weather tool and calls it', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const client = new OpenAI({ apiKey: openaiKey, baseURL: process.env.OPENAI_BASE_URL });
    const search = createOpenAIToolSearch(arsenal);
    const conversation = search.conversation('live');
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: PROMPT }];
    for (let turn = 0; turn < 6; turn += 1) {
      const response = await client.responses.create({
        model: process.env.OPENAI_MODEL ?? 'gpt-5.4',
        tools: [...search.tools] as OpenAI.Responses.Tool[],
        input,
      });
      const answers = await conversation.respond(response.output);
      if (answers.length === 0) break;
      input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
      input.push(...(answers as OpenAI.Responses.ResponseInputItem[]));
    }
    expect(calls.some((call) => call.startsWith('get_weather'))).toBe(true);
  }, 180_000);
});

describe.skipIf(!anthropicKey)('with the real Anthropic Messages API', () => {
  it('searches through Arsenal, loads the weather tool by tool_reference and calls it', async () => {
    const { arsenal, calls } = await fixtureArsenal();
    const client = new Anthropic({ apiKey: anthropicKey });
    const search = createAnthropicToolSearch(arsenal);
    const conversation = search.conversation('live');
    const messages: Anthropic.Messages.MessageParam[] = [{ role: 'user', content: PROMPT }];
    for (let turn = 0; turn < 6; turn += 1) {
      const message = await client.messages.create({
        model: process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5',
        max_tokens: 1024,
        tools: [...search.tools] as Anthropic.Messages.Tool[],
        messages,
      });
      if (message.stop_reason !== 'tool_use') break;
      messages.push({ role: 'assistant', content: message.content });
      const results = await conversation.respond(message.content);
      messages.push({
        role: 'user',
        content: results as Anthropic.Messages.ToolResultBlockParam[],
      });
    }
    expect(calls.some((call) => call.startsWith('get_weather'))).toBe(true);
  }, 180_000);
});
