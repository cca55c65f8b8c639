import { describe, expect, it } from 'vitest';
import { ToolDefinitionError } from '../errors/arsenal-error.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { createArsenal } from './arsenal.js';

// Values a JavaScript source can hand over but JSON cannot write: parts shared by reference
// (2^30 paths through 60 small objects) and cycles. Each used to hang registration, or to
// register and then break every retrieval that selected the tool.

function sharedGraph(levels: number): Record<string, unknown> {
  let graph: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) graph = { a: graph, b: graph };
  return graph;
}

function cycle(): Record<string, unknown> {
  const node: Record<string, unknown> = { type: 'object', properties: {} };
  (node.properties as Record<string, unknown>).self = node;
  return node;
}

const neighbour: ToolDefinitionInput = {
  name: 'get_weather',
  description: 'Get the weather forecast for a city.',
  parametersSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

function hostile(name: string, fields: Partial<ToolDefinitionInput>): ToolDefinitionInput {
  return {
    name,
    description: 'A tool whose description graph is hostile.',
    parametersSchema: { type: 'object', properties: {} },
    ...fields,
  };
}

describe('registering values with shared parts or cycles', () => {
  const cases: [string, Partial<ToolDefinitionInput>, string, RegExp][] = [
    [
      'shared_schema',
      { parametersSchema: { type: 'object', properties: { deep: sharedGraph(30) } } },
      '/parametersSchema',
      /more than 100,000 values/,
    ],
    ['cyclic_schema', { parametersSchema: cycle() }, '/parametersSchema', /refers to itself/],
    ['cyclic_returns', { returnsSchema: cycle() }, '/returnsSchema', /refers to itself/],
    ['shared_metadata', { metadata: sharedGraph(30) }, '/metadata', /more than 100,000 values/],
    ['cyclic_metadata', { metadata: cycle() }, '/metadata', /refers to itself/],
    [
      'cyclic_annotations',
      { annotations: cycle() as ToolDefinitionInput['annotations'] },
      '/annotations',
      /refers to itself/,
    ],
  ];

  for (const [name, fields, path, message] of cases) {
    it(`refuses ${name} with its path, and registers and serves its neighbours`, async () => {
      const arsenal = createArsenal();
      const summary = await arsenal.register([hostile(name, fields), neighbour]);
      expect(summary.added).toBe(1);
      expect(summary.failed).toHaveLength(1);
      const error = summary.failed[0]!.error;
      expect(error).toBeInstanceOf(ToolDefinitionError);
      expect(error.message).toMatch(message);
      expect((error as ToolDefinitionError).issues.map((issue) => issue.path)).toContain(path);
      const found = await arsenal.retrieve({ query: 'hostile description graph weather' });
      expect(found.tools.map((tool) => tool.tool.name)).toEqual(['get_weather']);
      // Registering it again takes the same path and gives the same answer.
      const again = await arsenal.register([hostile(name, fields)]);
      expect(again.failed[0]?.error.message).toMatch(message);
    });
  }

  it('keeps a registered definition free of the caller’s shared parts', async () => {
    const shared = { type: 'string' as const, description: 'A city name' };
    const arsenal = createArsenal();
    const summary = await arsenal.register([
      hostile('two_cities', {
        parametersSchema: { type: 'object', properties: { from: shared, to: shared } },
      }),
    ]);
    const schema = summary.tools[0]!.parametersSchema as {
      properties: Record<string, object>;
    };
    expect(schema.properties.from).toEqual(shared);
    expect(schema.properties.from).not.toBe(shared);
    expect(schema.properties.from).not.toBe(schema.properties.to);
    expect(summary.tools[0]!.contentHash).toMatch(/^[0-9a-f]{32}$/);
  });
});
