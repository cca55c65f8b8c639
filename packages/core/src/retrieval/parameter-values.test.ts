import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { toLexicalDocument } from './tool-document.js';

const reviews: ToolDefinitionInput = {
  name: 'product_reviews',
  description: 'Reviews of one product.',
  parametersSchema: {
    type: 'object',
    properties: {
      product_id: { type: 'string', default: 'B08N5W4NNB' },
      page: { type: 'integer', default: 2 },
      verified: { type: 'boolean', default: true },
      filter: {
        type: 'object',
        properties: { country: { type: 'string', examples: ['Cairo', 'Lyon', { city: 'x' }] } },
      },
    },
  },
};
const details: ToolDefinitionInput = {
  name: 'product_details',
  description: 'Details of one product.',
  parametersSchema: {
    type: 'object',
    properties: { product_id: { type: 'string', default: 'X77AQ' } },
  },
};

describe('parameter values', () => {
  it('indexes default and example values, nested ones included, apart from parameter text', async () => {
    const arsenal = createArsenal();
    await arsenal.register([reviews]);
    const [tool] = arsenal.registry.all();
    const document = toLexicalDocument(tool!);
    expect(document.parameterValues?.split('\n')).toEqual(['B08N5W4NNB', '2', 'Cairo', 'Lyon']);
    expect(document.parameters).not.toContain('B08N5W4NNB');
  });

  it('leaves the values of boilerplate parameters out with their text', async () => {
    const arsenal = createArsenal();
    await arsenal.register([reviews]);
    const [tool] = arsenal.registry.all();
    const document = toLexicalDocument(tool!, (key) => key === 'product_id');
    expect(document.parameterValues).not.toContain('B08N5W4NNB');
    expect(document.parameterValues).toContain('Cairo');
  });

  it('finds the tool whose documented value a request names', async () => {
    const arsenal = createArsenal();
    await arsenal.register([reviews, details]);
    const result = await arsenal.retrieve({ query: 'what do people say about X77AQ', limit: 2 });
    expect(result.tools[0]?.tool.name).toBe('product_details');
    const other = await arsenal.retrieve({ query: 'product B08N5W4NNB', limit: 2 });
    expect(other.tools[0]?.tool.name).toBe('product_reviews');
  });
});
