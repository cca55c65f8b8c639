import { type Arsenal, ConfigurationError, createArsenal } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpToolSource } from './http-tool-source.js';
import { API_KEY, CLIENT, type Petstore, startPetstore } from './petstore-test-support.js';

let petstore: Petstore;
let arsenal: Arsenal;

beforeAll(async () => {
  petstore = await startPetstore();
  arsenal = createArsenal();
  await arsenal.addSource(
    createHttpToolSource({
      name: 'pets',
      allowAddresses: ['loopback'],
      tools: [
        {
          name: 'list_pets',
          description: 'List the pets in the store, optionally by tag.',
          url: `${petstore.url}/v1/pets`,
          inputSchema: {
            type: 'object',
            properties: { tags: { type: 'array', items: { type: 'string' } } },
          },
          auth: { type: 'apiKey', in: 'header', name: 'X-API-Key', apiKey: API_KEY },
        },
        {
          name: 'get_pet',
          description: 'Get one pet by its id.',
          url: `${petstore.url}/v1/pets/{id}`,
          auth: { type: 'oauth2', tokenUrl: `${petstore.url}/oauth/token`, ...CLIENT },
        },
        {
          name: 'echo_trace',
          description: 'Echo a request carrying a trace header and a JSON body.',
          method: 'GET',
          url: `${petstore.url}/v1/echo?trace={trace}&fixed=1`,
          headers: { 'X-Trace': 'trace-{trace}' },
        },
        {
          name: 'create_pet',
          description: 'Create a pet with a name and a tag.',
          method: 'POST',
          url: `${petstore.url}/v1/pets`,
          headers: { Authorization: 'Bearer bearer-7c1e0d9a55' },
          body: { name: '{name}', tag: 'from {source}' },
          inputSchema: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string' }, source: { type: 'string' } },
          },
        },
      ],
    }),
  );
});

afterAll(async () => {
  await arsenal?.close();
  await petstore?.close();
});

describe('plain HTTP tools declared in config', () => {
  it('fill URL templates, put extra GET arguments in the query and apply auth', async () => {
    const result = await arsenal.execute({
      tool: 'pets.list_pets',
      arguments: { tags: ['a', 'b'] },
    });
    expect(result.result).toMatchObject({ query: '?tags=a&tags=b' });
    const pet = await arsenal.execute({ tool: 'pets.get_pet', arguments: { id: '1' } });
    expect(pet.result).toEqual({ id: 1, name: 'Rex' });
  });

  it('fill header and query templates', async () => {
    const result = await arsenal.execute({ tool: 'pets.echo_trace', arguments: { trace: 'x y' } });
    expect(result.result).toMatchObject({
      search: '?trace=x%20y&fixed=1',
      headers: { 'x-trace': 'trace-x y' },
    });
  });

  it('fill body templates, keeping a whole-placeholder value typed', async () => {
    const result = await arsenal.execute({
      tool: 'pets.create_pet',
      arguments: { name: 'Kit', source: 'config' },
    });
    expect(result.result).toMatchObject({ name: 'Kit', tag: 'from config' });
  });

  it('refuse path traversal and header injection through templates', async () => {
    const traversal = await arsenal.execute({
      tool: 'pets.get_pet',
      arguments: { id: '../admin' },
    });
    expect(traversal.error).toMatchObject({ code: 'request_refused' });
    const injection = await arsenal.execute({
      tool: 'pets.echo_trace',
      arguments: { trace: 'a\r\nX-Evil: 1' },
    });
    expect(injection.error).toMatchObject({ code: 'request_refused' });
  });

  it('reject a placeholder in the host and an unknown method at construction', () => {
    const make = (url: string, method?: string) => () =>
      createHttpToolSource({
        name: 'bad',
        tools: [
          {
            name: 'x_tool',
            description: 'A tool with a bad URL template.',
            url,
            ...(method ? { method } : {}),
          },
        ],
      });
    expect(make('http://{host}/x')).toThrow(ConfigurationError);
    expect(make('http://{host}/x')).toThrow(/placeholder in its host/);
    expect(make('http://api.example/x', 'FETCH')).toThrow(/unknown method "FETCH"/);
  });
});
