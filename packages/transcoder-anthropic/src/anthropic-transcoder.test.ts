import { createToolDefinition, TranscodeError, type Transcoder } from '@arsenal/core';
import {
  deepFreeze,
  NASTY_SCHEMA_NAMES,
  NASTY_SCHEMAS,
  nastyTool,
  noParameterTool,
} from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import {
  AnthropicTranscoder,
  createAnthropicTranscoder,
  fromAnthropicTool,
  toAnthropicTool,
} from './index.js';

describe('AnthropicTranscoder encode', () => {
  it('produces { name, description, input_schema } with the schema as written', () => {
    const tool = nastyTool('tree');
    expect(toAnthropicTool(tool)).toEqual({
      name: 'tool_tree',
      description: tool.description,
      input_schema: NASTY_SCHEMAS.tree,
    });
  });

  it.each(NASTY_SCHEMA_NAMES)('keeps an object root for the %s schema', (name) => {
    const encoded = toAnthropicTool(nastyTool(name));
    expect(encoded.input_schema.type).toBe('object');
    expect(encoded.input_schema).toEqual({ ...NASTY_SCHEMAS[name], type: 'object' });
  });

  it('gives a no-parameter tool an empty object schema', () => {
    expect(toAnthropicTool(noParameterTool()).input_schema).toEqual({
      type: 'object',
      properties: {},
    });
  });

  it('adds type "object" to a root without a type and narrows ["object","null"]', () => {
    const untyped = nastyTool('flat', {
      parametersSchema: { properties: { a: { type: 'string' } } },
    });
    expect(toAnthropicTool(untyped).input_schema.type).toBe('object');
    const nullable = nastyTool('flat', {
      parametersSchema: { type: ['object', 'null'], properties: {} },
    });
    expect(toAnthropicTool(nullable).input_schema).toEqual({ type: 'object', properties: {} });
  });

  it('folds a root allOf, which Anthropic does not accept at the top level', () => {
    const tool = nastyTool('flat', {
      parametersSchema: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'integer' } } },
        ],
      },
    });
    expect(toAnthropicTool(tool).input_schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a'],
    });
  });

  it('refuses a root anyOf with a TranscodeError that says where to move it', () => {
    const tool = nastyTool('flat', {
      parametersSchema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] },
    });
    expect(() => toAnthropicTool(tool)).toThrowError(TranscodeError);
    expect(() => toAnthropicTool(tool)).toThrowError(/move the alternatives into a property/);
  });

  it('passes strict and cache_control through', () => {
    const encoded = toAnthropicTool(nastyTool('flat'), {
      strict: true,
      cacheControl: { type: 'ephemeral', ttl: '1h' },
    });
    expect(encoded.strict).toBe(true);
    expect(encoded.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
  });

  it('never mutates or shares the definition', () => {
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = deepFreeze(nastyTool(name));
      const before = JSON.stringify(tool);
      const encoded = toAnthropicTool(tool);
      expect(JSON.stringify(tool)).toBe(before);
      expect(encoded.input_schema.properties).not.toBe(tool.parametersSchema.properties);
    }
  });

  it('refuses names longer than 64 characters', () => {
    expect(() => toAnthropicTool(nastyTool('flat', { name: `a${'_b'.repeat(40)}` }))).toThrowError(
      /at most 64/,
    );
  });
});

describe('AnthropicTranscoder decode', () => {
  it('implements the Transcoder port and round-trips every nasty schema', () => {
    const transcoder: Transcoder<ReturnType<typeof toAnthropicTool>> = createAnthropicTranscoder();
    expect(transcoder).toBeInstanceOf(AnthropicTranscoder);
    expect(transcoder.dialect).toBe('anthropic');
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = nastyTool(name);
      const again = createToolDefinition(transcoder.decode(transcoder.encode(tool)));
      expect(again.name).toBe(tool.name);
      expect(again.description).toBe(tool.description);
      expect(again.parametersSchema).toEqual({ ...tool.parametersSchema, type: 'object' });
      expect(again.source).toBe('anthropic');
    }
  });

  it('converts names to snake_case, keeps the original and the vendor flags in metadata', () => {
    const decoded = fromAnthropicTool({
      name: 'SearchDocs',
      description: 'Searches the internal documentation.',
      input_schema: { type: 'object', properties: { q: { type: 'string' } } },
      cache_control: { type: 'ephemeral' },
      strict: true,
      type: 'custom',
    });
    expect(decoded.name).toBe('search_docs');
    expect(decoded.metadata).toEqual({
      originalName: 'SearchDocs',
      anthropic: { cacheControl: { type: 'ephemeral' }, strict: true },
    });
    expect(createToolDefinition(decoded).name).toBe('search_docs');
  });

  it('fills in a missing description', () => {
    const decoded = fromAnthropicTool({ name: 'noop', input_schema: { type: 'object' } });
    expect(() => createToolDefinition(decoded)).not.toThrow();
  });

  it('rejects bad input with TranscodeErrors that say what to send', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['tool', /expected \{name, description, input_schema\}/],
      [{ type: 'web_search_20250305', name: 'web_search' }, /server tool "web_search_20250305"/],
      [{ name: 'x_tool', description: 'Does the x thing.' }, /has no input_schema object/],
      [
        { name: 'x_tool', description: 'Does the x thing.', input_schema: { type: 'string' } },
        /requires "object" at its root/,
      ],
    ];
    for (const [input, message] of cases) {
      const attempt = () => fromAnthropicTool(input as Parameters<typeof fromAnthropicTool>[0]);
      expect(attempt).toThrowError(message);
      expect(attempt).toThrowError(TranscodeError);
    }
  });
});
