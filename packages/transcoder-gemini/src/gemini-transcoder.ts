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
  isJsonSchemaObject,
  type VendorCodec,
  VendorTranscoder,
} from '@arsenal/core/adapter';
import { fromGeminiSchema } from './from-gemini-schema.js';
import type {
  GeminiFunctionDeclaration,
  GeminiFunctionDeclarationLike,
  GeminiSchema,
  GeminiTool,
} from './gemini-tool.js';
import { toGeminiSchema, type UnsupportedKeywordHandler } from './to-gemini-schema.js';

const DIALECT = 'gemini';
/** Gemini function names: letters, digits, `_ . : -`, starting with a letter or `_`, up to 128. */
const NAME_LIMIT = 128;

export interface GeminiEncodeOptions extends EncodeOptions {
  /**
   * `parameters` (default): Gemini's OpenAPI-3.0 Schema subset, refs inlined.
   * `parametersJsonSchema`: the JSON Schema as written, for models that accept it.
   */
  schemaField?: 'parameters' | 'parametersJsonSchema';
  /** How many times one recursive `$ref` is expanded along a path. Default 3. */
  maxRecursionDepth?: number;
  /** Also describe the return value (`response` / `responseJsonSchema`). Default `false`. */
  includeResponse?: boolean;
  /** Called for each keyword dropped on the way to Gemini's Schema. */
  onUnsupportedKeyword?: UnsupportedKeywordHandler;
}

export interface GeminiTranscoderOptions extends GeminiEncodeOptions {
  /** `source` given to decoded tools. Default `gemini`. */
  source?: ToolSourceKind;
}

const CODEC: VendorCodec<GeminiFunctionDeclaration, GeminiEncodeOptions> = {
  dialect: DIALECT,
  source: DIALECT,
  encode: toGeminiFunctionDeclaration,
  decode: decodeDeclaration,
  // Numeric enums go out as Gemini string enums ("2"), optional values as `nullable`.
  argumentQuirks: { nullMeansAbsent: true, numbersAsStrings: true },
};

/**
 * Converts between ToolDefinition and Gemini function declarations, one declaration per tool;
 * per-call encode options override the factory's.
 */
export class GeminiTranscoder extends VendorTranscoder<
  GeminiFunctionDeclaration,
  GeminiEncodeOptions,
  GeminiFunctionDeclarationLike
> {
  constructor(options: GeminiTranscoderOptions = {}) {
    super(CODEC, options);
  }
}

/**
 * Create a transcoder for Gemini function declarations.
 * @example createGeminiTranscoder({ maxRecursionDepth: 2 }).encode(tool)
 */
export function createGeminiTranscoder(options: GeminiTranscoderOptions = {}): GeminiTranscoder {
  return new GeminiTranscoder(options);
}

/** A Gemini function declaration for `config.tools[].functionDeclarations`. */
export function toGeminiFunctionDeclaration(
  tool: ToolDefinition,
  options: GeminiEncodeOptions = {},
): GeminiFunctionDeclaration {
  const parameters = encodableParametersSchema(tool, {
    dialect: DIALECT,
    maxNameLength: NAME_LIMIT,
  });
  const declaration: GeminiFunctionDeclaration = { name: tool.name, description: tool.description };
  const asJsonSchema = options.schemaField === 'parametersJsonSchema';
  if (options.schemaField !== undefined && options.schemaField !== 'parameters' && !asJsonSchema) {
    throw new TranscodeError(
      DIALECT,
      `Unknown schemaField "${String(options.schemaField)}"; use "parameters" or "parametersJsonSchema".`,
    );
  }
  // Gemini rejects an OBJECT whose properties are empty, so a tool without arguments has none.
  if (asJsonSchema) {
    const { $schema: _schema, ...body } = parameters;
    if (describesArguments(body)) declaration.parametersJsonSchema = { type: 'object', ...body };
  } else {
    const root = toRootSchema(parameters, tool.name, options);
    if (describesArguments(root)) declaration.parameters = root;
  }
  if (options.includeResponse === true && tool.returnsSchema !== undefined) {
    const returns = copyJson(tool.returnsSchema, { dialect: DIALECT, path: '/returnsSchema' });
    if (asJsonSchema) declaration.responseJsonSchema = returns;
    else declaration.response = toGeminiSchema(returns, schemaOptions(options));
  }
  return declaration;
}

/** One Gemini tool holding a declaration for each definition. */
export function toGeminiTool(
  tools: readonly ToolDefinition[],
  options: GeminiEncodeOptions = {},
): GeminiTool {
  return { functionDeclarations: tools.map((tool) => toGeminiFunctionDeclaration(tool, options)) };
}

/** A definition input from a Gemini function declaration. */
export function fromGeminiFunctionDeclaration(
  declaration: GeminiFunctionDeclarationLike,
): ToolDefinitionInput {
  return decodeDeclaration(declaration, DIALECT);
}

function schemaOptions(options: GeminiEncodeOptions) {
  return {
    maxRecursionDepth: options.maxRecursionDepth,
    onUnsupportedKeyword: options.onUnsupportedKeyword,
  };
}

function describesArguments(schema: JsonSchema | GeminiSchema): boolean {
  if ('anyOf' in schema || 'oneOf' in schema || 'allOf' in schema || '$ref' in schema) return true;
  return isJsonSchemaObject(schema.properties) && Object.keys(schema.properties).length > 0;
}

function toRootSchema(
  schema: JsonSchema,
  toolName: string,
  options: GeminiEncodeOptions,
): GeminiSchema {
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
    throw new TranscodeError(
      DIALECT,
      `Tool "${toolName}": Gemini needs an object at the root of parameters, not anyOf/oneOf; move the alternatives into a property, e.g. {"type":"object","properties":{"target":{"anyOf":[...]}}}.`,
    );
  }
  const root = toGeminiSchema({ ...schema, type: 'object' }, schemaOptions(options));
  delete root.nullable;
  return root;
}

function decodeDeclaration(vendorTool: unknown, source: ToolSourceKind): ToolDefinitionInput {
  const declaration = decodeVendorToolObject(vendorTool, {
    dialect: DIALECT,
    what: 'a Gemini function declaration',
    expected: '{name, description, parameters}',
  });
  if (Array.isArray(declaration.functionDeclarations)) {
    throw new TranscodeError(
      DIALECT,
      'Got a Gemini Tool ({functionDeclarations: [...]}); decode each entry of functionDeclarations instead.',
    );
  }
  const { name, originalName } = decodeVendorToolName(declaration.name, {
    dialect: DIALECT,
    label: 'Gemini function declaration',
  });
  const label = `Gemini function "${String(declaration.name)}"`;
  if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
    throw new TranscodeError(
      DIALECT,
      `${label} has both parameters and parametersJsonSchema; Gemini accepts only one, so remove the other.`,
    );
  }
  let parametersSchema: JsonSchema;
  if (declaration.parametersJsonSchema !== undefined) {
    if (!isJsonSchemaObject(declaration.parametersJsonSchema)) {
      throw new TranscodeError(
        DIALECT,
        `${label} has a parametersJsonSchema that is not a JSON Schema object.`,
      );
    }
    parametersSchema = copyJson(declaration.parametersJsonSchema, {
      dialect: DIALECT,
      path: '/parametersJsonSchema',
    });
  } else if (declaration.parameters !== undefined) {
    parametersSchema = fromGeminiSchema(
      copyJson(declaration.parameters, { dialect: DIALECT, path: '/parameters' }),
    );
  } else {
    parametersSchema = copyJson(EMPTY_OBJECT_SCHEMA, { dialect: DIALECT });
  }
  const rootType = parametersSchema.type;
  if (
    rootType !== undefined &&
    rootType !== 'object' &&
    !(Array.isArray(rootType) && rootType.includes('object'))
  ) {
    throw new TranscodeError(
      DIALECT,
      `${label} has parameters of type ${JSON.stringify(rootType)}; function arguments must be an OBJECT.`,
    );
  }
  let returnsSchema: JsonSchema | undefined;
  if (isJsonSchemaObject(declaration.responseJsonSchema)) {
    returnsSchema = copyJson(declaration.responseJsonSchema, {
      dialect: DIALECT,
      path: '/responseJsonSchema',
    });
  } else if (declaration.response !== undefined) {
    returnsSchema = fromGeminiSchema(
      copyJson(declaration.response, { dialect: DIALECT, path: '/response' }),
    );
  }
  const extras = typeof declaration.behavior === 'string' ? { behavior: declaration.behavior } : {};
  return {
    name,
    ...decodeVendorDescription(declaration.description, { name }),
    parametersSchema,
    ...(returnsSchema === undefined ? {} : { returnsSchema }),
    source,
    ...decodedToolMetadata(DIALECT, originalName, extras),
  };
}
