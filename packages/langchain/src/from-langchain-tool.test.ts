import { createArsenal } from '@arsenal/core';
import { tool } from '@langchain/core/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromLangChainTool } from './from-langchain-tool.js';

const arsenal = createArsenal();
afterEach(async () => {
  for (const def of arsenal.registry.list()) await arsenal.unregister(def.qualifiedName);
});

const multiply = tool(({ a, b }: { a: number; b: number }) => String(a * b), {
  name: 'multiply_numbers',
  description: 'Multiply two numbers and return the product.',
  schema: z.object({ a: z.number(), b: z.number() }),
});

describe('fromLangChainTool', () => {
  it('registers a LangChain tool so Arsenal retrieves, validates and runs it', async () => {
    await arsenal.register(fromLangChainTool(multiply, { namespace: 'math', tags: ['math'] }));
    const found = await arsenal.retrieve({ query: 'multiply two numbers', limit: 1 });
    expect(found.tools[0]?.tool.qualifiedName).toBe('math.multiply_numbers:1.0.0');
    expect(found.tools[0]?.tool.parametersSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    const ok = await arsenal.execute({ tool: 'math.multiply_numbers', arguments: { a: 6, b: 7 } });
    expect(ok).toMatchObject({ status: 'success', result: '42' });
    const bad = await arsenal.execute({ tool: 'math.multiply_numbers', arguments: { a: 'six' } });
    expect(bad.status).toBe('invalid_arguments');
  });

  it('turns what the LangChain tool throws into an Arsenal failure', async () => {
    const broken = tool(
      () => {
        throw new Error('upstream is down');
      },
      {
        name: 'broken_lookup',
        description: 'Look something up in a service that is currently down.',
        schema: z.object({ key: z.string() }),
      },
    );
    await arsenal.register(fromLangChainTool(broken));
    const result = await arsenal.execute({ tool: 'broken_lookup', arguments: { key: 'k' } });
    expect(result.status).toBe('failure');
    expect(result.error?.message).toContain('upstream is down');
  });

  it('keeps a JSON Schema tool schema as it is', async () => {
    const echo = tool(({ text }: { text: string }) => text, {
      name: 'echo_text',
      description: 'Echo the given text back unchanged.',
      schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
    const converted = fromLangChainTool(echo, { requiresConfirmation: true });
    expect(converted.definition.requiresConfirmation).toBe(true);
    expect(converted.definition.parametersSchema).toMatchObject({ required: ['text'] });
  });

  it('maps camelCase and kebab-case LangChain names to snake_case, or takes a name', async () => {
    const schema = z.object({ city: z.string() });
    const camel = tool(({ city }: { city: string }) => city, {
      name: 'getWeatherForecast',
      description: 'Weather forecast for a city over the next days.',
      schema,
    });
    const kebab = tool(({ city }: { city: string }) => city, {
      name: 'city-time-zone',
      description: 'The time zone a city is in.',
      schema,
    });
    const camelTool = fromLangChainTool(camel);
    expect(camelTool.definition.name).toBe('get_weather_forecast');
    expect(camelTool.definition.metadata).toMatchObject({ langchainTool: 'getWeatherForecast' });
    expect(fromLangChainTool(kebab).definition.name).toBe('city_time_zone');
    expect(fromLangChainTool(kebab, { name: 'zone_of_city' }).definition.name).toBe('zone_of_city');
    await arsenal.register([camelTool]);
    const ran = await arsenal.execute({
      tool: 'get_weather_forecast',
      arguments: { city: 'Oslo' },
    });
    expect(ran).toMatchObject({ status: 'success', result: 'Oslo' });
    expect(() => fromLangChainTool(kebab, { name: 'Bad Name' })).toThrow(/snake_case/);
  });
});
