import { describe, expect, it } from 'vitest';
import { ArsenalError, TranscodeError } from '../errors/arsenal-error.js';
import { createToolDefinition } from './create-tool-definition.js';
import {
  decodedToolMetadata,
  decodeVendorDescription,
  decodeVendorToolName,
  decodeVendorToolObject,
} from './decode-vendor-tool.js';

const options = { dialect: 'openai', label: 'OpenAI tool' };

describe('decodeVendorToolName', () => {
  it('keeps names Arsenal already accepts, without an originalName', () => {
    expect(decodeVendorToolName('get_weather', options)).toEqual({ name: 'get_weather' });
  });

  it.each([
    ['getWeather-v2', 'get_weather_v2'],
    ['github.createIssue', 'github_create_issue'],
    ['book.flight:v1', 'book_flight_v1'],
    ['2fa_code', 't_2fa_code'],
    ['HTTPRequest', 'http_request'],
  ])('turns %s into %s and remembers the original', (raw, name) => {
    const decoded = decodeVendorToolName(raw, options);
    expect(decoded).toEqual({ name, originalName: raw });
    expect(
      createToolDefinition({ name: decoded.name, description: 'A decoded tool name.' }).name,
    ).toBe(name);
  });

  it('suffixes reserved names so the registry accepts them', () => {
    expect(decodeVendorToolName('list', options)).toEqual({
      name: 'list_tool',
      originalName: 'list',
    });
    expect(decodeVendorToolName('Delete', options)).toEqual({
      name: 'delete_tool',
      originalName: 'Delete',
    });
  });

  it.each<[unknown, RegExp]>([
    [undefined, /OpenAI tool has no name; give it a non-empty "name"/],
    ['   ', /has no name/],
    [42, /has no name/],
    ['!!!', /OpenAI tool name "!!!" has no letters or digits.*rename it/],
  ])('refuses %j with a TranscodeError of the dialect', (raw, message) => {
    try {
      decodeVendorToolName(raw, options);
      expect.unreachable();
    } catch (error) {
      expect(ArsenalError.isInstance(error)).toBe(true);
      expect(error).toBeInstanceOf(TranscodeError);
      expect((error as TranscodeError).dialect).toBe('openai');
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe('decodeVendorDescription', () => {
  it('keeps a description of acceptable length, trimmed', () => {
    expect(decodeVendorDescription('  Gets the weather for a city.  ', { name: 'x' })).toEqual({
      description: 'Gets the weather for a city.',
    });
  });

  it('makes one up from the title and name when there is none', () => {
    expect(decodeVendorDescription(undefined, { name: 'ping' }).description).toBe(
      'Tool "ping". Its source definition has no description.',
    );
    expect(decodeVendorDescription('', { name: 'ping', title: 'Ping' }).description).toBe(
      'Ping: tool "ping". Its source definition has no description.',
    );
  });

  it('completes a too-short description with the name', () => {
    expect(decodeVendorDescription('Adds.', { name: 'add' })).toEqual({
      description: 'Adds. (tool "add")',
    });
  });

  it('cuts a long description at a sentence end and keeps the whole text aside', () => {
    const text = `${'Word. '.repeat(500)}End.`;
    const decoded = decodeVendorDescription(text, { name: 'essay' });
    expect(decoded.description.length).toBeLessThanOrEqual(2000);
    expect(decoded.description).toMatch(/Word\.$/);
    expect(decoded.extendedDescription).toBe(text);
  });

  it('cuts at a word with an ellipsis when there is no sentence end', () => {
    const decoded = decodeVendorDescription('word '.repeat(600), { name: 'long' });
    expect(decoded.description).toMatch(/word…$/);
    expect(decoded.description.length).toBeLessThanOrEqual(2000);
  });

  it('always gives something createToolDefinition accepts', () => {
    for (const raw of [undefined, 'x', 'Fine description here.', 'a'.repeat(20_000)]) {
      const decoded = decodeVendorDescription(raw, { name: 'some_tool' });
      expect(() => createToolDefinition({ name: 'some_tool', ...decoded })).not.toThrow();
    }
  });
});

describe('decodeVendorToolObject', () => {
  const objectOptions = { dialect: 'mcp', what: 'an MCP tool', expected: '{name, inputSchema}' };

  it('returns a plain object as it is', () => {
    const vendorTool = { name: 'get_weather' };
    expect(decodeVendorToolObject(vendorTool, objectOptions)).toBe(vendorTool);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'null'],
    ['a string', 'get_weather', 'string'],
    ['an array', [], 'object'],
  ])('refuses %s, naming the shape expected', (_what, value, got) => {
    try {
      decodeVendorToolObject(value, objectOptions);
      expect.unreachable();
    } catch (error) {
      expect(ArsenalError.isInstance(error)).toBe(true);
      expect((error as TranscodeError).dialect).toBe('mcp');
      expect((error as Error).message).toBe(
        `Cannot decode an MCP tool from ${got}; expected {name, inputSchema}.`,
      );
    }
  });
});

describe('decodedToolMetadata', () => {
  it('is empty when there is neither an original name nor vendor fields', () => {
    expect(decodedToolMetadata('openai', undefined)).toEqual({});
    expect(decodedToolMetadata('openai', undefined, {})).toEqual({});
  });

  it('keeps the original name, then the vendor fields under the dialect', () => {
    expect(decodedToolMetadata('openai', 'getWeather', { strict: true })).toEqual({
      metadata: { originalName: 'getWeather', openai: { strict: true } },
    });
    expect(decodedToolMetadata('gemini', undefined, { behavior: 'NON_BLOCKING' })).toEqual({
      metadata: { gemini: { behavior: 'NON_BLOCKING' } },
    });
    expect(decodedToolMetadata('mcp', 'Get-Weather')).toEqual({
      metadata: { originalName: 'Get-Weather' },
    });
  });
});
