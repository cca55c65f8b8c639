import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';

const objectOf = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
});

// A newcomer's first catalog: a demo server and a knowledge-graph server side by side.
const demoServers: ToolDefinitionInput[] = [
  {
    name: 'echo',
    namespace: 'everything',
    description: 'Echoes back the input string',
    parameters: objectOf({ message: { type: 'string', description: 'Message to echo' } }),
  },
  {
    name: 'get_sum',
    namespace: 'everything',
    description: 'Returns the sum of two numbers',
    parameters: objectOf({
      a: { type: 'number', description: 'First number' },
      b: { type: 'number', description: 'Second number' },
    }),
  },
  {
    name: 'get_env',
    namespace: 'everything',
    description: 'Returns all environment variables, helpful for debugging server configuration',
  },
  {
    name: 'get_resource_links',
    namespace: 'everything',
    description: 'Returns up to ten resource links that reference different types of resources',
    parameters: objectOf({
      count: { type: 'number', description: 'Number of resource links to return (1-10)' },
    }),
  },
  {
    name: 'trigger_long_running_operation',
    namespace: 'everything',
    description: 'Demonstrates a long running operation with progress updates.',
    parameters: objectOf({
      duration: { type: 'number', description: 'Duration of the operation in seconds' },
      steps: { type: 'number', description: 'Number of steps in the operation' },
    }),
  },
  {
    name: 'create_entities',
    namespace: 'memory',
    description: 'Create multiple new entities in the knowledge graph',
  },
  {
    name: 'add_observations',
    namespace: 'memory',
    description: 'Add new observations to existing entities in the knowledge graph',
  },
  { name: 'read_graph', namespace: 'memory', description: 'Read the entire knowledge graph' },
];

// A pet store's operations as an OpenAPI import names them.
function petStore(findByStatusName: string): ToolDefinitionInput[] {
  return [
    {
      name: 'add_pet',
      description: 'Add a new pet to the store.',
      parameters: objectOf({ name: { type: 'string' }, status: { type: 'string' } }),
    },
    {
      name: findByStatusName,
      description:
        'Finds Pets by status. Multiple status values can be provided with comma separated strings.',
      parameters: objectOf({
        status: {
          type: 'string',
          description: 'Status values that need to be considered for filter',
          enum: ['available', 'pending', 'sold'],
        },
      }),
    },
    {
      name: 'find_pets_by_tags',
      description:
        'Finds Pets by tags. Multiple tags can be provided with comma separated strings.',
      parameters: objectOf({ tags: { type: 'array', items: { type: 'string' } } }),
    },
    {
      name: 'get_pet_by_id',
      description: 'Find pet by ID. Returns a single pet.',
      parameters: objectOf({ petId: { type: 'integer', description: 'ID of pet to return' } }),
    },
    {
      name: 'update_pet_with_form',
      description: 'Updates a pet in the store with form data.',
      parameters: objectOf({
        petId: { type: 'integer' },
        status: { type: 'string', description: 'Status of pet that needs to be updated' },
      }),
    },
    {
      name: 'get_inventory',
      description:
        'Returns pet inventories by status. Returns a map of status codes to quantities.',
    },
  ];
}

async function ranked(catalog: ToolDefinitionInput[], query: string, lexicon?: number) {
  const arsenal = createArsenal(
    lexicon === undefined ? {} : { retrieval: { weights: { lexicon } } },
  );
  const summary = await arsenal.register(catalog);
  expect(summary.failed).toEqual([]);
  const result = await arsenal.retrieve({ query, limit: 5 });
  return result.tools.map((scored) => scored.tool.name);
}

describe('vocabulary bridging (lexicon)', () => {
  it('finds the sum tool for "add two numbers", over a tool named for adding', async () => {
    expect((await ranked(demoServers, 'add two numbers'))[0]).toBe('get_sum');
    expect((await ranked(demoServers, 'what is 3 plus 4'))[0]).toBe('get_sum');
  });

  it('without the lexicon, the tool that says "add" wins instead', async () => {
    expect((await ranked(demoServers, 'add two numbers', 0))[0]).toBe('add_observations');
  });

  it('ranks the operation that finds pets by status above the one by id', async () => {
    const names = await ranked(petStore('find_pets_by_status'), 'find pets by status');
    expect(names[0]).toBe('find_pets_by_status');
    expect(names.indexOf('find_pets_by_status')).toBeLessThan(names.indexOf('get_pet_by_id'));
  });

  it('splits an operation id written as one word into the words of its own texts', async () => {
    expect((await ranked(petStore('findpetsbystatus'), 'find pets by status'))[0]).toBe(
      'findpetsbystatus',
    );
  });

  it('bridges abbreviations both ways', async () => {
    const catalog: ToolDefinitionInput[] = [
      { name: 'list_repos', description: 'Lists the repos of an org.' },
      { name: 'list_members', description: 'Lists the people of a team.' },
      { name: 'get_database_size', description: 'Size in bytes of one database.' },
      { name: 'get_team_size', description: 'How many people a team has.' },
    ];
    expect((await ranked(catalog, 'repositories of my organization'))[0]).toBe('list_repos');
    expect((await ranked(catalog, 'db size'))[0]).toBe('get_database_size');
    expect(await ranked(catalog, 'repositories of my organization', 0)).toEqual([]);
  });

  it('counts a lexicon match less than an exact one', async () => {
    const catalog: ToolDefinitionInput[] = [
      { name: 'resize_image', description: 'Resize an image to a width and height.' },
      { name: 'resize_picture', description: 'Resize a picture to a width and height.' },
    ];
    expect(await ranked(catalog, 'resize picture')).toEqual(['resize_picture', 'resize_image']);
    expect(await ranked(catalog, 'resize image')).toEqual(['resize_image', 'resize_picture']);
  });

  it('refuses a negative lexicon weight like any other weight', async () => {
    const arsenal = createArsenal();
    await arsenal.register(demoServers);
    await expect(
      arsenal.retrieve({ query: 'add two numbers', weights: { lexicon: -1 } }),
    ).rejects.toThrow(/lexicon/);
  });
});
