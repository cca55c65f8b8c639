import { InvalidArgumentError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { scriptedLlm } from './testing.js';

describe('scriptedLlm', () => {
  it('answers chat calls, streaming or not, with the next turn and records tools and messages', async () => {
    const { llm, offered, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' }, id: 'weather_1' }] },
      { toolCalls: [{ name: 'get_weather', args: { city: 'Oslo' } }] },
      { text: 'Done.' },
    ]);
    const tools = [{ metadata: { name: 'get_weather', description: 'Weather.' } }] as never;
    const first = await llm.chat({ messages: [{ role: 'user', content: 'Paris?' }], tools });
    expect(first.message.options).toEqual({
      toolCall: [{ id: 'weather_1', name: 'get_weather', input: '{"city":"Paris"}' }],
    });
    const second = await llm.chat({ messages: [{ role: 'user', content: 'Oslo?' }], tools });
    expect(second.message.options).toMatchObject({ toolCall: [{ id: 'call_2_0' }] });
    const chunks: string[] = [];
    const stream = await llm.chat({
      messages: [{ role: 'user', content: 'Thanks' }],
      stream: true,
    });
    for await (const chunk of stream) chunks.push(chunk.delta);
    expect(chunks).toEqual(['Done.']);
    expect(offered).toEqual([['get_weather'], ['get_weather'], []]);
    expect(prompts.map((messages) => messages[0]?.content)).toEqual(['Paris?', 'Oslo?', 'Thanks']);
  });

  it('throws an InvalidArgumentError naming the missing turn when the script runs out', async () => {
    const { llm, offered } = scriptedLlm([{ text: 'Only turn.' }]);
    const messages = [{ role: 'user' as const, content: 'Hi' }];
    expect((await llm.chat({ messages })).message.content).toBe('Only turn.');
    const failure = await llm.chat({ messages }).catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toMatch(/called a 2nd time.*has 1 turn: add turn 2/);
    expect(offered).toHaveLength(2);
  });

  it('refuses complete(), which no script covers, with an InvalidArgumentError', async () => {
    const { llm } = scriptedLlm([{ text: 'unused' }]);
    const failure = await llm.complete({ prompt: 'Hi' }).catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toMatch(/chat calls only/);
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
