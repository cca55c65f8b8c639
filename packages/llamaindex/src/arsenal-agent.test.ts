import { InvalidArgumentError } from '@arsenal/core';
import { demoArsenalPerTest } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createArsenalAgent } from './arsenal-agent.js';
import { ArsenalToolRetriever, toLlamaIndexTool } from './arsenal-tool.js';
import { scriptedLlm } from './testing.js';

const setup = demoArsenalPerTest();

describe('toLlamaIndexTool', () => {
  it('runs arsenal.execute and returns failures instead of throwing', async () => {
    const { arsenal, calls } = await setup();
    const definition = arsenal.registry.get('get_weather');
    if (!definition) throw new Error('missing tool');
    const tool = toLlamaIndexTool(arsenal, definition);
    expect(tool.metadata).toMatchObject({
      name: 'get_weather',
      parameters: { required: ['city'] },
    });
    expect(await tool.call({ city: 'Oslo' })).toEqual({
      city: 'Oslo',
      temperatureC: 21,
      sky: 'sunny',
    });
    expect(await tool.call({ city: 'Atlantis' })).toMatchObject({
      status: 'failure',
      error: expect.stringContaining('Atlantis'),
    });
    expect(await tool.call({ town: 'Oslo' })).toMatchObject({ status: 'invalid_arguments' });
    expect(calls.weather).toBe(2);
  });

  it('confirms or rejects held calls with the answer of onConfirmation', async () => {
    const { arsenal, calls } = await setup();
    const definition = arsenal.registry.get('files.delete_file');
    if (!definition) throw new Error('missing tool');
    expect(await toLlamaIndexTool(arsenal, definition).call({ path: '/a' })).toMatchObject({
      status: 'pending_confirmation',
    });
    expect(
      await toLlamaIndexTool(arsenal, definition, { onConfirmation: () => false }).call({
        path: '/a',
      }),
    ).toMatchObject({ status: 'cancelled' });
    expect(calls.deleteFile).toBe(0);
    const asked: string[] = [];
    const approve = toLlamaIndexTool(arsenal, definition, {
      onConfirmation: (request) => {
        asked.push(request.qualifiedName);
        return true;
      },
    });
    expect(await approve.call({ path: '/a' })).toBe('deleted /a');
    expect(asked).toEqual(['files.delete_file:1.0.0']);
    expect(calls.deleteFile).toBe(1);
  });
});

describe('ArsenalToolRetriever', () => {
  it('returns the tools for a query, best first', async () => {
    const { arsenal } = await setup();
    const tools = await new ArsenalToolRetriever(arsenal, { limit: 2 }).retrieve(
      'convert 100 dollars to euros',
    );
    expect(tools[0]?.metadata.name).toBe('convert_currency');
    expect(tools.length).toBeLessThanOrEqual(2);
  });
});

describe('createArsenalAgent', () => {
  it('gives a real LlamaIndex agent only the tools retrieved for each query', async () => {
    const { arsenal, calls } = await setup();
    const { llm, offered, prompts } = scriptedLlm([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
      { text: 'Sunny in Paris.' },
      { toolCalls: [{ name: 'convert_currency', args: { amount: 100, from: 'USD', to: 'EUR' } }] },
      { text: '90 EUR.' },
    ]);
    const agent = createArsenalAgent({ arsenal, llm, limit: 1 });
    const first = await agent.run('What is the weather forecast in Paris?');
    expect(first).toEqual({ result: 'Sunny in Paris.', tools: ['get_weather'] });
    expect(offered[0]).toEqual(['get_weather']);
    expect(JSON.stringify(prompts[1])).toContain('temperatureC');
    const second = await agent.run('convert 100 dollars to euros');
    expect(second.tools).toEqual(['convert_currency']);
    expect(offered[2]).toEqual(['convert_currency']);
    expect(calls).toMatchObject({ weather: 1, convert: 1 });
  });

  it('takes the earlier (arsenal, options) form too, and refuses a call without an Arsenal', async () => {
    const { arsenal } = await setup();
    const { llm, offered } = scriptedLlm([{ text: 'No tool needed.' }]);
    const agent = createArsenalAgent(arsenal, { llm, limit: 1 });
    expect((await agent.run('convert 100 dollars to euros')).result).toBe('No tool needed.');
    expect(offered[0]).toEqual(['convert_currency']);
    expect(() => createArsenalAgent({ llm, limit: 1 } as never)).toThrow(/needs an Arsenal/);
  });

  it('rejects with the error when the model call throws, instead of waiting forever', async () => {
    const { arsenal } = await setup();
    const outage = new Error('The model provider answered 503.');
    const { llm } = scriptedLlm([{ error: outage }]);
    await expect(
      createArsenalAgent({ arsenal, llm, limit: 1 }).run('weather in Paris'),
    ).rejects.toBe(outage);
  });

  it('rejects with the error when the model fails after a tool call', async () => {
    const { arsenal, calls } = await setup();
    // The script ends after the tool call: the second model call throws its InvalidArgumentError.
    const { llm } = scriptedLlm([
      { toolCalls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
    ]);
    const run = createArsenalAgent({ arsenal, llm, limit: 1 }).run('weather in Paris');
    await expect(run).rejects.toSatisfy(InvalidArgumentError.isInstance);
    await expect(run).rejects.toThrow(/called a 2nd time, but its script has 1 turn/);
    expect(calls.weather).toBe(1);
  });
});
