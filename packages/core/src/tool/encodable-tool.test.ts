import { describe, expect, it } from 'vitest';
import { ArsenalError, TranscodeError } from '../errors/arsenal-error.js';
import { createToolDefinition } from './create-tool-definition.js';
import { assertEncodableTool, encodableParametersSchema } from './encodable-tool.js';

const tool = createToolDefinition({
  name: 'get_weather',
  description: 'Gets the weather for a city.',
});

describe('assertEncodableTool', () => {
  it('accepts a definition from createToolDefinition', () => {
    expect(() => assertEncodableTool(tool, { dialect: 'mcp' })).not.toThrow();
    expect(() => assertEncodableTool(tool, { dialect: 'openai', maxNameLength: 64 })).not.toThrow();
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'get_weather'],
    ['an object without a schema', { name: 'x', description: 'Does the x thing.' }],
    ['an object with a null schema', { name: 'x', description: 'Does x.', parametersSchema: null }],
  ])('refuses %s, pointing to createToolDefinition', (_what, value) => {
    try {
      assertEncodableTool(value, { dialect: 'anthropic' });
      expect.unreachable();
    } catch (error) {
      expect(ArsenalError.isInstance(error)).toBe(true);
      expect((error as TranscodeError).dialect).toBe('anthropic');
      expect((error as Error).message).toMatch(/createToolDefinition\(input\)/);
    }
  });

  it('refuses names longer than the vendor allows, saying the limit', () => {
    const long = createToolDefinition({ name: `a${'_b'.repeat(40)}`, description: 'A long name.' });
    expect(() => assertEncodableTool(long, { dialect: 'openai', maxNameLength: 64 })).toThrowError(
      /81-character name; openai allows at most 64/,
    );
    expect(() =>
      assertEncodableTool(long, { dialect: 'gemini', maxNameLength: 128 }),
    ).not.toThrow();
    expect(() => assertEncodableTool(long, { dialect: 'mcp' })).not.toThrow();
  });

  it('throws TranscodeError', () => {
    expect(() => assertEncodableTool(undefined, { dialect: 'mcp' })).toThrowError(TranscodeError);
  });
});

describe('encodableParametersSchema', () => {
  it('returns a deep copy of the parameters schema', () => {
    const withArguments = createToolDefinition({
      name: 'get_weather',
      description: 'Gets the weather for a city.',
      parametersSchema: { type: 'object', properties: { city: { type: 'string' } } },
    });
    const schema = encodableParametersSchema(withArguments, { dialect: 'openai' });
    expect(schema).toEqual(withArguments.parametersSchema);
    expect(schema).not.toBe(withArguments.parametersSchema);
    expect(schema.properties).not.toBe(withArguments.parametersSchema.properties);
  });

  it('refuses what assertEncodableTool refuses', () => {
    const long = createToolDefinition({ name: `a${'_b'.repeat(40)}`, description: 'A long name.' });
    expect(() =>
      encodableParametersSchema(long, { dialect: 'openai', maxNameLength: 64 }),
    ).toThrowError(/81-character name; openai allows at most 64/);
  });
});
