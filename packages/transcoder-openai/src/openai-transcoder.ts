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
  EMPTY_OBJECT_SCHEMA,
  encodableParametersSchema,
  inlineRef,
  isJsonSchemaObject,
  resolveLocalRef,
  type VendorCodec,
  VendorTranscoder,
} from '@arsenal/core/adapter';
import type {
  OpenAIApi,
  OpenAIChatTool,
  OpenAIFunctionDefinition,
  OpenAIResponsesTool,
  OpenAIToolFor,
  OpenAIToolLike,
} from './openai-tool.js';
import { toStrictSchema, type UnsupportedKeywordHandler } from './strict-schema.js';

const DIALECT = 'openai';
/** OpenAI function names: `^[a-zA-Z0-9_-]{1,64}$`. */
const NAME_LIMIT = 64;

export interface OpenAIEncodeOptions extends EncodeOptions {
  /**
   * Rewrite the schema into OpenAI's Structured Outputs subset and set `strict: true`.
   * Default `false` (schema sent as written, `strict` left out of Chat tools).
   */
  strict?: boolean;
  /** Called for each keyword strict mode removes (`path` is a JSON pointer). */
  onUnsupportedKeyword?: UnsupportedKeywordHandler;
}

export interface OpenAITranscoderOptions<Api extends OpenAIApi = 'chat'>
  extends OpenAIEncodeOptions {
  /** `chat` (Chat Completions, default) or `responses` (Responses API). */
  api?: Api;
  /** `source` given to decoded tools. Default `openai`. */
  source?: ToolSourceKind;
}

/** Each API's codec; both decode either API's shape or a bare function definition. */
/** Strict mode makes optional properties required and nullable: its `null` means absent. */
const ARGUMENT_QUIRKS = { nullMeansAbsent: true } as const;

const CODECS: { [Api in OpenAIApi]: VendorCodec<OpenAIToolFor<Api>, OpenAIEncodeOptions> } = {
  chat: {
    dialect: DIALECT,
    source: DIALECT,
    encode: toOpenAITool,
    decode: decodeOpenAITool,
    argumentQuirks: ARGUMENT_QUIRKS,
  },
  responses: {
    dialect: DIALECT,
    source: DIALECT,
    encode: toOpenAIResponsesTool,
    decode: decodeOpenAITool,
    argumentQuirks: ARGUMENT_QUIRKS,
  },
};

/**
 * Converts between ToolDefinition and OpenAI function tools, in the shape of the API it was made
 * for (Chat Completions or Responses); per-call encode options override the factory's.
 */
export class OpenAITranscoder<Api extends OpenAIApi = 'chat'> extends VendorTranscoder<
  OpenAIToolFor<Api>,
  OpenAIEncodeOptions,
  OpenAIToolLike
> {
  readonly api: Api;

  constructor(options: OpenAITranscoderOptions<Api> = {}) {
    const api = options.api ?? 'chat';
    if (api !== 'chat' && api !== 'responses') {
      throw new TranscodeError(
        DIALECT,
        `Unknown OpenAI api "${String(api)}"; use "chat" or "responses".`,
      );
    }
    super(CODECS[api] as VendorCodec<OpenAIToolFor<Api>, OpenAIEncodeOptions>, options);
    this.api = api as Api;
  }
}

/**
 * Create a transcoder for OpenAI function tools.
 * @example createOpenAITranscoder({ api: 'responses', strict: true }).encode(tool)
 */
export function createOpenAITranscoder<Api extends OpenAIApi = 'chat'>(
  options: OpenAITranscoderOptions<Api> = {},
): OpenAITranscoder<Api> {
  return new OpenAITranscoder(options);
}

/** A Chat Completions function tool. */
export function toOpenAITool(
  tool: ToolDefinition,
  options: OpenAIEncodeOptions = {},
): OpenAIChatTool {
  return { type: 'function', function: encodeFunction(tool, options) };
}

/** A Responses API function tool. */
export function toOpenAIResponsesTool(
  tool: ToolDefinition,
  options: OpenAIEncodeOptions = {},
): OpenAIResponsesTool {
  const fn = encodeFunction(tool, options);
  return {
    type: 'function',
    name: fn.name,
    description: fn.description,
    parameters: fn.parameters ?? null,
    // The Responses API treats a missing flag as strict, so say which one is meant.
    strict: options.strict === true,
  };
}

/** A definition input from an OpenAI tool of either API, or a bare function definition. */
export function fromOpenAITool(vendorTool: OpenAIToolLike): ToolDefinitionInput {
  return decodeOpenAITool(vendorTool, DIALECT);
}

function encodeFunction(
  tool: ToolDefinition,
  options: OpenAIEncodeOptions,
): OpenAIFunctionDefinition {
  const schema = encodableParametersSchema(tool, { dialect: DIALECT, maxNameLength: NAME_LIMIT });
  const parameters =
    options.strict === true
      ? toStrictSchema(schema, options.onUnsupportedKeyword)
      : withObjectRoot(schema);
  const fn: OpenAIFunctionDefinition = {
    name: tool.name,
    description: tool.description,
    parameters,
  };
  if (options.strict !== undefined) fn.strict = options.strict;
  return fn;
}

/**
 * OpenAI wants an object schema with `properties` at the root ("object schema missing
 * properties" otherwise), so a root `$ref` (as some schema generators emit) is inlined first.
 */
function withObjectRoot(schema: JsonSchema): JsonSchema {
  let inlined = schema;
  if (typeof schema.$ref === 'string') {
    const target = resolveLocalRef(schema, schema.$ref);
    if (isJsonSchemaObject(target)) {
      const { $ref: _ref, ...rest } = schema;
      inlined = inlineRef(target, rest);
    }
  }
  const root: JsonSchema = inlined.type === undefined ? { type: 'object', ...inlined } : inlined;
  if (root.properties === undefined && root.anyOf === undefined && root.oneOf === undefined) {
    root.properties = {};
  }
  return root;
}

function decodeOpenAITool(vendorTool: unknown, source: ToolSourceKind): ToolDefinitionInput {
  const tool = decodeVendorToolObject(vendorTool, {
    dialect: DIALECT,
    what: 'an OpenAI tool',
    expected:
      '{type:"function", function:{name, description, parameters}} or the Responses shape {type:"function", name, parameters}',
  });
  if (tool.type !== undefined && tool.type !== 'function') {
    throw new TranscodeError(
      DIALECT,
      `Cannot decode an OpenAI "${String(tool.type)}" tool: only "function" tools carry a JSON Schema to decode.`,
    );
  }
  const fn = isRecord(tool.function) ? tool.function : tool;
  const { name, originalName } = decodeVendorToolName(fn.name, {
    dialect: DIALECT,
    label: 'OpenAI tool',
  });
  const parameters = fn.parameters;
  if (parameters !== undefined && parameters !== null && !isJsonSchemaObject(parameters)) {
    throw new TranscodeError(
      DIALECT,
      `OpenAI tool "${String(fn.name)}" has parameters of type ${Array.isArray(parameters) ? 'array' : typeof parameters}; expected a JSON Schema object such as {"type":"object","properties":{}}.`,
    );
  }
  const parametersSchema =
    parameters === undefined || parameters === null
      ? copyJson(EMPTY_OBJECT_SCHEMA, { dialect: DIALECT })
      : copyJson(parameters, { dialect: DIALECT, path: '/parameters' });
  const extras = typeof fn.strict === 'boolean' ? { strict: fn.strict } : {};
  return {
    name,
    ...decodeVendorDescription(fn.description, { name }),
    parametersSchema,
    source,
    ...decodedToolMetadata(DIALECT, originalName, extras),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
