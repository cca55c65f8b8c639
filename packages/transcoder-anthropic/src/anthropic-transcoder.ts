import {
  type EncodeOptions,
  type JsonSchema,
  type ToolDefinition,
  type ToolDefinitionInput,
  type ToolSourceKind,
  TranscodeError,
} from '@arsenal/core';
import {
  copyJson,
  decodedToolMetadata,
  decodeVendorDescription,
  decodeVendorToolName,
  decodeVendorToolObject,
  encodableParametersSchema,
  mergeAllOf,
  type VendorCodec,
  VendorTranscoder,
} from '@arsenal/core/adapter';
import type {
  AnthropicCacheControl,
  AnthropicInputSchema,
  AnthropicTool,
  AnthropicToolLike,
} from './anthropic-tool.js';

const DIALECT = 'anthropic';
/** Anthropic tool names: `^[a-zA-Z0-9_-]{1,64}$`. */
const NAME_LIMIT = 64;

export interface AnthropicEncodeOptions extends EncodeOptions {
  /** Set Anthropic's `strict` flag (validated tool names and inputs). Default: left out. */
  strict?: boolean;
  /** A prompt-cache breakpoint for this tool. Default: none. */
  cacheControl?: AnthropicCacheControl;
}

export interface AnthropicTranscoderOptions extends AnthropicEncodeOptions {
  /** `source` given to decoded tools. Default `anthropic`. */
  source?: ToolSourceKind;
}

const CODEC: VendorCodec<AnthropicTool, AnthropicEncodeOptions> = {
  dialect: DIALECT,
  source: DIALECT,
  encode: toAnthropicTool,
  decode: decodeAnthropicTool,
  // Claude models sometimes send a nested object or array as JSON text, and null for "not set".
  argumentQuirks: { nullMeansAbsent: true, jsonInStrings: true },
};

/**
 * Converts between ToolDefinition and Anthropic Messages API client tools,
 * `{ name, description, input_schema }`; per-call encode options override the factory's.
 */
export class AnthropicTranscoder extends VendorTranscoder<
  AnthropicTool,
  AnthropicEncodeOptions,
  AnthropicToolLike
> {
  constructor(options: AnthropicTranscoderOptions = {}) {
    super(CODEC, options);
  }
}

/**
 * Create a transcoder for Anthropic tools.
 * @example createAnthropicTranscoder().encode(tool) // { name, description, input_schema }
 */
export function createAnthropicTranscoder(
  options: AnthropicTranscoderOptions = {},
): AnthropicTranscoder {
  return new AnthropicTranscoder(options);
}

/** An Anthropic client tool for `messages.create({ tools })`. */
export function toAnthropicTool(
  tool: ToolDefinition,
  options: AnthropicEncodeOptions = {},
): AnthropicTool {
  const schema = encodableParametersSchema(tool, { dialect: DIALECT, maxNameLength: NAME_LIMIT });
  const encoded: AnthropicTool = {
    name: tool.name,
    description: tool.description,
    input_schema: toInputSchema(schema, tool.name),
  };
  if (options.strict !== undefined) encoded.strict = options.strict;
  if (options.cacheControl !== undefined) encoded.cache_control = { ...options.cacheControl };
  return encoded;
}

/** A definition input from an Anthropic client tool. */
export function fromAnthropicTool(vendorTool: AnthropicToolLike): ToolDefinitionInput {
  return decodeAnthropicTool(vendorTool, DIALECT);
}

function toInputSchema(schema: JsonSchema, toolName: string): AnthropicInputSchema {
  const fail = (path: string, message: string) =>
    new TranscodeError(DIALECT, `Tool "${toolName}": schema at "${path || '/'}" ${message}.`);
  // Anthropic rejects anyOf/oneOf/allOf at the top level of input_schema.
  const root = mergeAllOf(schema, { fail });
  if (root.anyOf !== undefined || root.oneOf !== undefined) {
    throw fail(
      '',
      'is an anyOf/oneOf, which Anthropic does not accept at the top of input_schema; move the alternatives into a property, e.g. {"type":"object","properties":{"target":{"anyOf":[...]}}}',
    );
  }
  const { type: _type, required, ...rest } = root;
  const inputSchema: AnthropicInputSchema = { type: 'object', ...rest };
  if (Array.isArray(required)) inputSchema.required = [...required];
  return inputSchema;
}

function decodeAnthropicTool(vendorTool: unknown, source: ToolSourceKind): ToolDefinitionInput {
  const tool = decodeVendorToolObject(vendorTool, {
    dialect: DIALECT,
    what: 'an Anthropic tool',
    expected: '{name, description, input_schema}',
  });
  if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') {
    throw new TranscodeError(
      DIALECT,
      `Cannot decode the Anthropic server tool "${String(tool.type)}": only client tools (type "custom" or no type) carry an input_schema to decode.`,
    );
  }
  const { name, originalName } = decodeVendorToolName(tool.name, {
    dialect: DIALECT,
    label: 'Anthropic tool',
  });
  const schema = tool.input_schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new TranscodeError(
      DIALECT,
      `Anthropic tool "${String(tool.name)}" has no input_schema object; add one such as {"type":"object","properties":{}}.`,
    );
  }
  if ((schema as { type?: unknown }).type !== 'object') {
    throw new TranscodeError(
      DIALECT,
      `Anthropic tool "${String(tool.name)}" has an input_schema of type ${JSON.stringify((schema as { type?: unknown }).type)}; Anthropic requires "object" at its root.`,
    );
  }
  const extras: Record<string, unknown> = {};
  if (tool.cache_control !== undefined && tool.cache_control !== null) {
    extras.cacheControl = copyJson(tool.cache_control, {
      dialect: DIALECT,
      path: '/cache_control',
    });
  }
  if (typeof tool.strict === 'boolean') extras.strict = tool.strict;
  return {
    name,
    ...decodeVendorDescription(tool.description, { name }),
    parametersSchema: copyJson(schema as JsonSchema, { dialect: DIALECT, path: '/input_schema' }),
    source,
    ...decodedToolMetadata(DIALECT, originalName, extras),
  };
}
