import {
  ArsenalError,
  createToolDefinition,
  type JsonSchema,
  TranscodeError,
  type Transcoder,
} from '@arsenal/core';
import {
  deepFreeze,
  NASTY_SCHEMA_NAMES,
  NASTY_SCHEMAS,
  nastyTool,
  noParameterTool,
} from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import {
  createOpenAITranscoder,
  fromOpenAITool,
  OpenAITranscoder,
  toOpenAIResponsesTool,
  toOpenAITool,
} from './index.js';

describe('OpenAITranscoder encode', () => {
  it('produces a Chat Completions function tool with the schema as written', () => {
    const tool = nastyTool('flat');
    const encoded = toOpenAITool(tool);
    expect(encoded).toEqual({
      type: 'function',
      function: {
        name: 'tool_flat',
        description: tool.description,
        parameters: NASTY_SCHEMAS.flat,
      },
    });
    expect('strict' in encoded.function).toBe(false);
  });

  it('produces the Responses shape with an explicit strict flag', () => {
    const encoded = toOpenAIResponsesTool(nastyTool('flat'));
    expect(encoded).toMatchObject({ type: 'function', name: 'tool_flat', strict: false });
    expect(encoded.parameters).toEqual(NASTY_SCHEMAS.flat);
    expect(toOpenAIResponsesTool(nastyTool('flat'), { strict: true }).strict).toBe(true);
  });

  it('gives a no-parameter tool an empty object schema with properties', () => {
    const encoded = toOpenAITool(noParameterTool());
    expect(encoded.function.parameters).toEqual({ type: 'object', properties: {} });
    const strict = toOpenAITool(noParameterTool(), { strict: true });
    expect(strict.function.parameters).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });

  it('adds "properties" to an object root that lacks it', () => {
    const tool = createToolDefinition({
      name: 'ping_host',
      description: 'Checks whether a host answers.',
      parametersSchema: { type: 'object' },
    });
    expect(toOpenAITool(tool).function.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('inlines a root $ref, as schema generators emit, in both modes', () => {
    const tool = createToolDefinition({
      name: 'create_user',
      description: 'Creates a user account.',
      parametersSchema: {
        $ref: '#/definitions/Args',
        definitions: {
          Args: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
        },
      },
    });
    expect(toOpenAITool(tool).function.parameters).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string' } },
      required: ['email'],
    });
    expect(toOpenAITool(tool, { strict: true }).function.parameters).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string' } },
      required: ['email'],
      additionalProperties: false,
    });
  });

  it('never mutates the definition, even deeply', () => {
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = deepFreeze(nastyTool(name));
      const before = JSON.stringify(tool);
      toOpenAITool(tool);
      toOpenAITool(tool, { strict: true });
      toOpenAIResponsesTool(tool, { strict: true });
      expect(JSON.stringify(tool)).toBe(before);
    }
  });

  it('does not share objects with the definition', () => {
    const tool = nastyTool('flat');
    const encoded = toOpenAITool(tool);
    expect(encoded.function.parameters).not.toBe(tool.parametersSchema);
    expect(encoded.function.parameters?.properties).not.toBe(tool.parametersSchema.properties);
  });

  it('refuses names longer than OpenAI allows, saying how long they may be', () => {
    const tool = nastyTool('flat', { name: `a${'_b'.repeat(40)}` });
    expect(() => toOpenAITool(tool)).toThrowError(/at most 64/);
  });

  it('refuses things that are not definitions with a TranscodeError naming the fix', () => {
    const bogus = { name: 'x' } as unknown as Parameters<typeof toOpenAITool>[0];
    try {
      toOpenAITool(bogus);
      expect.unreachable();
    } catch (error) {
      expect(ArsenalError.isInstance(error)).toBe(true);
      expect(error).toBeInstanceOf(TranscodeError);
      expect((error as TranscodeError).dialect).toBe('openai');
      expect((error as TranscodeError).code).toBe('transcode_failed');
      expect((error as Error).message).toMatch(/createToolDefinition/);
    }
  });

  it('refuses schemas holding values JSON cannot carry', () => {
    const tool = nastyTool('flat', {
      parametersSchema: {
        type: 'object',
        properties: { n: { type: 'number', maximum: Number.NaN } },
      },
    });
    expect(() => toOpenAITool(tool)).toThrowError(/\/parametersSchema\/properties\/n\/maximum/);
  });
});

describe('createOpenAITranscoder', () => {
  it('implements the Transcoder port for both APIs', () => {
    const chat: Transcoder = createOpenAITranscoder();
    const responses = createOpenAITranscoder({ api: 'responses', strict: true });
    expect(chat.dialect).toBe('openai');
    expect(chat).toBeInstanceOf(OpenAITranscoder);
    expect(responses.api).toBe('responses');
    const encoded = responses.encode(nastyTool('flat'));
    expect(encoded.strict).toBe(true);
    expect(encoded.parameters?.additionalProperties).toBe(false);
  });

  it('lets per-call options override factory options', () => {
    const transcoder = createOpenAITranscoder({ strict: true });
    const encoded = transcoder.encode(nastyTool('flat'), { strict: false });
    expect(encoded.function.strict).toBe(false);
    expect(encoded.function.parameters).toEqual(NASTY_SCHEMAS.flat);
  });

  it('rejects an unknown api', () => {
    expect(() => createOpenAITranscoder({ api: 'assistants' as 'chat' })).toThrowError(
      /use "chat" or "responses"/,
    );
  });
});

describe('OpenAITranscoder decode', () => {
  it('reads the Chat, Responses and bare function shapes alike', () => {
    const tool = nastyTool('tree');
    const chat = fromOpenAITool(toOpenAITool(tool));
    const responses = fromOpenAITool(toOpenAIResponsesTool(tool));
    const bare = fromOpenAITool(toOpenAITool(tool).function);
    for (const decoded of [chat, responses, bare]) {
      expect(decoded.name).toBe('tool_tree');
      expect(decoded.description).toBe(tool.description);
      expect(decoded.parametersSchema).toEqual(NASTY_SCHEMAS.tree);
      expect(decoded.source).toBe('openai');
    }
  });

  it('round-trips every nasty schema through createToolDefinition', () => {
    const transcoder = createOpenAITranscoder();
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = nastyTool(name);
      const again = createToolDefinition(transcoder.decode(transcoder.encode(tool)));
      expect(again.name).toBe(tool.name);
      expect(again.description).toBe(tool.description);
      expect(again.parametersSchema).toEqual(tool.parametersSchema);
    }
  });

  it('round-trips strict output into a valid definition and remembers the flag', () => {
    for (const name of NASTY_SCHEMA_NAMES) {
      const decoded = fromOpenAITool(toOpenAITool(nastyTool(name), { strict: true }));
      expect(decoded.metadata).toEqual({ openai: { strict: true } });
      expect(() => createToolDefinition(decoded)).not.toThrow();
    }
  });

  it('converts vendor names to snake_case and keeps the original in metadata', () => {
    const decoded = fromOpenAITool({
      type: 'function',
      function: { name: 'getWeather-v2', description: 'Gets the weather for a city.' },
    });
    expect(decoded.name).toBe('get_weather_v2');
    expect(decoded.metadata).toEqual({ originalName: 'getWeather-v2' });
    expect(createToolDefinition(decoded).name).toBe('get_weather_v2');
  });

  it('renames reserved names so the registry accepts them', () => {
    const decoded = fromOpenAITool({ name: 'list', description: 'Lists every open ticket.' });
    expect(decoded.name).toBe('list_tool');
    expect(() => createToolDefinition(decoded)).not.toThrow();
  });

  it('fills in missing or short descriptions and moves long ones aside', () => {
    const missing = fromOpenAITool({
      type: 'function',
      name: 'ping',
      parameters: null,
      strict: null,
    });
    expect(missing.description).toMatch(/ping/);
    expect(missing.parametersSchema).toEqual({ type: 'object', properties: {} });
    const short = fromOpenAITool({ name: 'add', description: 'Adds.' });
    expect(short.description).toBe('Adds. (tool "add")');
    const long = fromOpenAITool({ name: 'essay', description: `${'Word. '.repeat(500)}End.` });
    expect(long.description.length).toBeLessThanOrEqual(2000);
    expect(long.extendedDescription).toMatch(/End\.$/);
    for (const decoded of [missing, short, long])
      expect(() => createToolDefinition(decoded)).not.toThrow();
  });

  it('rejects bad input with TranscodeErrors that say what to send', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /expected \{type:"function"/],
      [{ type: 'custom', custom: { name: 'x' } }, /only "function" tools/],
      [{ type: 'function', function: { description: 'No name here.' } }, /non-empty "name"/],
      [
        { name: 'get_x', description: 'Gets the x value.', parameters: [] },
        /parameters of type array/,
      ],
      [{ name: '!!!', description: 'Punctuation only.' }, /rename it/],
    ];
    for (const [input, message] of cases) {
      expect(() => fromOpenAITool(input as Parameters<typeof fromOpenAITool>[0])).toThrowError(
        message,
      );
      try {
        fromOpenAITool(input as Parameters<typeof fromOpenAITool>[0]);
      } catch (error) {
        expect(error).toBeInstanceOf(TranscodeError);
      }
    }
  });

  it('does not share objects with the vendor tool', () => {
    const parameters: JsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    const decoded = fromOpenAITool({ name: 'get_a', description: 'Gets the a value.', parameters });
    expect(decoded.parametersSchema).toEqual(parameters);
    expect(decoded.parametersSchema).not.toBe(parameters);
  });
});
