import { describe, expect, it } from 'vitest';
import { CatalogError } from '../errors/arsenal-error.js';
import { catalogToDefinitions, parseCatalog } from './catalog.js';

describe('parseCatalog', () => {
  it('reads the benchmark JSONL shape as is', () => {
    const text = [
      '{"name": "get_weather", "description": "Get the weather for a city.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}, "tags": ["Weather"]}',
      '',
      '{"name": "seo_tool", "description": "Tool that provides SEO analytics.", "parameters": null}',
    ].join('\n');
    const inputs = parseCatalog(text, { format: 'jsonl', source: 'tools.jsonl' });
    const { tools, errors } = catalogToDefinitions(inputs);
    expect(errors).toEqual([]);
    expect(tools.map((t) => t.name)).toEqual(['get_weather', 'seo_tool']);
    expect(tools[1]?.parametersSchema).toEqual({ type: 'object', properties: {} });
    expect(tools[0]?.source).toBe('catalog');
  });

  it('accepts MCP, Anthropic and OpenAI spellings in JSON', () => {
    const text = JSON.stringify({
      tools: [
        { name: 'a_tool', description: 'An MCP style tool here.', inputSchema: { type: 'object' } },
        {
          name: 'b_tool',
          description: 'An Anthropic style tool.',
          input_schema: { type: 'object' },
        },
        {
          type: 'function',
          function: {
            name: 'c_tool',
            description: 'An OpenAI style function.',
            parameters: { type: 'object' },
          },
        },
      ],
    });
    const { tools, errors } = catalogToDefinitions(
      parseCatalog(text, { format: 'json', source: 'tools.json' }),
    );
    expect(errors).toEqual([]);
    expect(tools.map((t) => t.name)).toEqual(['a_tool', 'b_tool', 'c_tool']);
  });

  it('points at the bad line', () => {
    const text = '{"name": "ok_tool", "description": "A fine tool here."}\n{"name": broken}\n';
    expect(() => parseCatalog(text, { format: 'jsonl', source: 'tools.jsonl' })).toThrow(
      CatalogError,
    );
    expect(() => parseCatalog(text, { format: 'jsonl', source: 'tools.jsonl' })).toThrow(
      /^tools\.jsonl:2: not valid JSON/,
    );
    expect(() => parseCatalog('[1]', { format: 'json', source: 'x.json' })).toThrow(
      /x\.json:1: each tool must be a JSON object/,
    );
    expect(() => parseCatalog('{"foo": 1}', { format: 'json', source: 'x.json' })).toThrow(
      /"tools" array/,
    );
  });

  it('collects invalid definitions without stopping', () => {
    const { tools, errors } = catalogToDefinitions([
      { name: 'good_tool', description: 'A good tool with words.' },
      { name: 'bad', description: 'short' },
    ]);
    expect(tools).toHaveLength(1);
    expect(errors[0]).toMatchObject({ index: 1, name: 'bad' });
  });
});
