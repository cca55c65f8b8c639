import { describe, expect, it } from 'vitest';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { DescriptionStatistics, parameterWeightFor } from './catalog-field-weights.js';
import { LexicalIndex } from './lexical-index.js';
import { DEFAULT_LEXICAL_FIELDS } from './tool-document.js';
import { ToolTextIndex } from './tool-text-index.js';

const tool = (name: string, description: string, parameter: string): ToolDefinition =>
  createToolDefinition({
    name,
    description,
    parameters: {
      type: 'object',
      properties: { request: { type: 'string', description: parameter } },
    },
  });

describe('description statistics', () => {
  it('count the share of tools whose description is theirs alone, as tools come and go', () => {
    const stats = new DescriptionStatistics();
    expect(stats.distinctShare).toBe(1);
    stats.add('Send an email.');
    stats.add('Get the weather.');
    expect(stats.distinctShare).toBe(1);
    stats.add('send an email. ');
    expect(stats.distinctShare).toBeCloseTo(1 / 3);
    stats.remove('Send an email.');
    expect(stats.distinctShare).toBe(1);
    stats.remove('not there');
    expect(stats.distinctShare).toBe(1);
  });

  it('raise the parameters weight towards the description weight as descriptions are shared', () => {
    const configured = { description: 1, parameters: 0.4 };
    expect(parameterWeightFor(configured, 1)).toBe(0.4);
    expect(parameterWeightFor(configured, 0)).toBe(1);
    expect(parameterWeightFor(configured, 0.9)).toBeCloseTo(0.406);
    expect(parameterWeightFor({ description: 0.2, parameters: 0.4 }, 0)).toBe(0.4);
  });
});

describe('field weights that follow the catalog', () => {
  const catalog = [
    tool('op_a', 'Calls the API.', 'Forecast the weather of a city.'),
    tool('op_b', 'Calls the API.', 'Convert an amount between currencies.'),
    tool('op_c', 'Calls the API.', 'Translate a text into another language.'),
  ];

  it('weigh parameters as descriptions where every tool shares its description', () => {
    const tools = [...catalog];
    const text = new ToolTextIndex({ fields: DEFAULT_LEXICAL_FIELDS, k1: 1.2, tools: () => tools });
    for (const one of tools) text.add(one);
    expect(text.current().fieldWeight('parameters')).toBe(1);
    const own = tool('send_email', 'Send an email to a recipient.', 'Address of the recipient.');
    const other = tool('get_weather', 'Weather forecast for a city.', 'City name.');
    tools.push(own, other);
    text.add(own);
    text.add(other);
    expect(text.current().fieldWeight('parameters')).toBeCloseTo(0.4 + 0.6 * 0.6 * 0.6);
  });

  it('keep the configured weights when switched off', () => {
    const text = new ToolTextIndex({
      fields: DEFAULT_LEXICAL_FIELDS,
      k1: 1.2,
      tools: () => catalog,
      catalogWeights: false,
    });
    for (const one of catalog) text.add(one);
    expect(text.current().fieldWeight('parameters')).toBe(0.4);
    expect(DEFAULT_LEXICAL_FIELDS.parameters?.weight).toBe(0.4);
  });

  it('refuse a negative field weight', () => {
    const index = new LexicalIndex({ fields: { text: { weight: 1, b: 0.75 } } });
    expect(() => index.setFieldWeight('text', -1)).toThrow(/finite number >= 0/);
    index.setFieldWeight('missing', 2);
    expect(index.fieldWeight('missing')).toBeUndefined();
  });
});
