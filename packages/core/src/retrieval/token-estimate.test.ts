import { describe, expect, it } from 'vitest';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinition, ToolDefinitionInput } from '../tool/tool-definition.js';
import { estimateToolTokens } from './token-estimate.js';

const input: ToolDefinitionInput = {
  name: 'send_email',
  description: 'Send an email to a recipient',
  parametersSchema: { type: 'object', properties: { to: { type: 'string' } } },
};

describe('estimateToolTokens', () => {
  it('estimates the compact JSON of name, description and parameters', () => {
    const tool = createToolDefinition(input);
    const text = JSON.stringify({
      name: tool.name,
      description: tool.description,
      parameters: tool.parametersSchema,
    });
    expect(estimateToolTokens(tool)).toBe(Math.ceil(text.length / 3.6) + 8);
    expect(estimateToolTokens(tool)).toBe(Math.ceil(text.length / 3.6) + 8);
  });

  it('prefers the context tokens a definition declares', () => {
    const tool = createToolDefinition({ ...input, cost: { contextTokens: 42 } });
    expect(estimateToolTokens(tool)).toBe(42);
  });

  it('estimates an object that is not frozen again each time, as it may have changed', () => {
    const tool = { ...createToolDefinition(input) } as {
      -readonly [K in keyof ToolDefinition]: ToolDefinition[K];
    };
    const before = estimateToolTokens(tool);
    tool.description = `${tool.description} ${'and much more '.repeat(20)}`;
    expect(estimateToolTokens(tool)).toBeGreaterThan(before + 50);
  });
});
