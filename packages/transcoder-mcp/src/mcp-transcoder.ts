import {
  type EncodeOptions,
  type JsonSchema,
  type ToolCapability,
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
  isSemver,
  NAMESPACE_PATTERN,
  type VendorCodec,
  VendorTranscoder,
} from '@arsenal/core/adapter';
import { fromMcpAnnotations, toMcpAnnotations } from './mcp-annotations.js';
import type { McpObjectSchema, McpTool, McpToolLike } from './mcp-tool.js';

const DIALECT = 'mcp';

/** The `_meta` key under which Arsenal-only fields travel, so a round trip loses nothing. */
export const ARSENAL_META_KEY = 'arsenal/definition';

export interface McpEncodeOptions extends EncodeOptions {
  /** Fill hints the annotations leave out from capabilities and requiresConfirmation. Default `true`. */
  deriveAnnotations?: boolean;
  /** Send `returnsSchema` as `outputSchema` when its root is an object. Default `true`. */
  includeOutputSchema?: boolean;
  /** Carry version, namespace, tags, capabilities and requiresConfirmation in `_meta`. Default `true`. */
  includeArsenalMeta?: boolean;
}

export interface McpTranscoderOptions extends McpEncodeOptions {
  /** `source` given to decoded tools. Default `mcp_server`. */
  source?: ToolSourceKind;
}

const CODEC: VendorCodec<McpTool, McpEncodeOptions> = {
  dialect: DIALECT,
  source: 'mcp_server',
  encode: toMcpTool,
  decode: decodeMcpTool,
};

/**
 * Converts between ToolDefinition and Model Context Protocol tools as `tools/list` lists them;
 * per-call encode options override the factory's.
 */
export class McpTranscoder extends VendorTranscoder<McpTool, McpEncodeOptions, McpToolLike> {
  constructor(options: McpTranscoderOptions = {}) {
    super(CODEC, options);
  }
}

/**
 * Create a transcoder for MCP tools.
 * @example createMcpTranscoder({ includeArsenalMeta: false }).encode(tool)
 */
export function createMcpTranscoder(options: McpTranscoderOptions = {}): McpTranscoder {
  return new McpTranscoder(options);
}

/** An MCP tool for a `tools/list` result. */
export function toMcpTool(tool: ToolDefinition, options: McpEncodeOptions = {}): McpTool {
  const parameters = encodableParametersSchema(tool, { dialect: DIALECT });
  const encoded: McpTool = {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: toObjectSchema(parameters),
  };
  if (
    options.includeOutputSchema !== false &&
    tool.returnsSchema !== undefined &&
    isObjectRoot(tool.returnsSchema)
  ) {
    // MCP structured results are objects; other return schemas have no outputSchema spelling.
    encoded.outputSchema = toObjectSchema(
      copyJson(tool.returnsSchema, { dialect: DIALECT, path: '/returnsSchema' }),
    );
  }
  const annotations = toMcpAnnotations(tool, options.deriveAnnotations !== false);
  if (Object.keys(annotations).length > 0) encoded.annotations = annotations;
  if (options.includeArsenalMeta !== false) {
    encoded._meta = {
      [ARSENAL_META_KEY]: {
        version: tool.version,
        namespace: tool.namespace,
        tags: [...tool.tags],
        capabilities: [...tool.capabilities],
        requiresConfirmation: tool.requiresConfirmation,
      },
    };
  }
  return encoded;
}

/** A definition input from an MCP tool (ours or the SDK's `Tool`). */
export function fromMcpTool(vendorTool: McpToolLike): ToolDefinitionInput {
  return decodeMcpTool(vendorTool, 'mcp_server');
}

function isObjectRoot(schema: JsonSchema): boolean {
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);
}

function toObjectSchema(schema: JsonSchema): McpObjectSchema {
  const { type: _type, required, properties, ...rest } = schema;
  const result: McpObjectSchema = { type: 'object', ...rest };
  if (properties !== undefined) {
    // MCP's schema for Tool wants every property to be an object; `true`/`false` are spelled out.
    const spelled: Record<string, JsonSchema> = {};
    for (const [name, value] of Object.entries(properties as Record<string, unknown>)) {
      spelled[name] = value === true ? {} : value === false ? { not: {} } : (value as JsonSchema);
    }
    result.properties = spelled;
  }
  if (Array.isArray(required)) result.required = [...required];
  return result;
}

function decodeMcpTool(vendorTool: unknown, source: ToolSourceKind): ToolDefinitionInput {
  const tool = decodeVendorToolObject(vendorTool, {
    dialect: DIALECT,
    what: 'an MCP tool',
    expected: '{name, description, inputSchema} as tools/list returns it',
  });
  const { name, originalName } = decodeVendorToolName(tool.name, {
    dialect: DIALECT,
    label: 'MCP tool',
  });
  const label = `MCP tool "${String(tool.name)}"`;
  const inputSchema = objectSchema(tool.inputSchema, `${label} inputSchema`);
  if (inputSchema === undefined) {
    throw new TranscodeError(
      DIALECT,
      `${label} has no inputSchema; MCP requires one, e.g. {"type":"object","properties":{}}.`,
    );
  }
  const outputSchema = objectSchema(tool.outputSchema, `${label} outputSchema`);
  const hinted = fromMcpAnnotations(tool.annotations);
  const title = typeof tool.title === 'string' ? tool.title : hinted.annotations?.title;
  const saved = readArsenalMeta(tool._meta);

  const extras: Record<string, unknown> = {};
  const otherMeta = withoutArsenalMeta(tool._meta);
  if (otherMeta !== undefined)
    extras._meta = copyJson(otherMeta, { dialect: DIALECT, path: '/_meta' });
  for (const field of ['icons', 'execution']) {
    if (tool[field] !== undefined)
      extras[field] = copyJson(tool[field], { dialect: DIALECT, path: `/${field}` });
  }

  return {
    name,
    ...(title === undefined ? {} : { title }),
    ...decodeVendorDescription(tool.description, { name, title }),
    parametersSchema: inputSchema,
    ...(outputSchema === undefined ? {} : { returnsSchema: outputSchema }),
    source,
    ...(hinted.annotations === undefined ? {} : { annotations: hinted.annotations }),
    capabilities: saved.capabilities ?? hinted.capabilities,
    requiresConfirmation: saved.requiresConfirmation ?? hinted.requiresConfirmation,
    ...(saved.version === undefined ? {} : { version: saved.version }),
    ...(saved.namespace === undefined ? {} : { namespace: saved.namespace }),
    ...(saved.tags === undefined ? {} : { tags: saved.tags }),
    ...decodedToolMetadata(DIALECT, originalName, extras),
  };
}

function objectSchema(value: unknown, what: string): JsonSchema | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new TranscodeError(
      DIALECT,
      `${what} must be a JSON Schema object, got ${Array.isArray(value) ? 'an array' : typeof value}.`,
    );
  }
  const type = (value as { type?: unknown }).type;
  if (type !== 'object') {
    throw new TranscodeError(
      DIALECT,
      `${what} has type ${JSON.stringify(type)}; MCP requires "object" at its root, e.g. {"type":"object","properties":{}}.`,
    );
  }
  return copyJson(value as JsonSchema, { dialect: DIALECT });
}

interface SavedFields {
  version?: string;
  namespace?: string;
  tags?: string[];
  capabilities?: ToolCapability[];
  requiresConfirmation?: boolean;
}

/** Fields an Arsenal encoder left in `_meta`; anything malformed is ignored, not trusted. */
function readArsenalMeta(meta: unknown): SavedFields {
  if (typeof meta !== 'object' || meta === null) return {};
  const saved = (meta as Record<string, unknown>)[ARSENAL_META_KEY];
  if (typeof saved !== 'object' || saved === null) return {};
  const fields = saved as Record<string, unknown>;
  const result: SavedFields = {};
  if (typeof fields.version === 'string' && isSemver(fields.version))
    result.version = fields.version;
  if (
    typeof fields.namespace === 'string' &&
    fields.namespace.length <= 64 &&
    NAMESPACE_PATTERN.test(fields.namespace)
  ) {
    result.namespace = fields.namespace;
  }
  if (isStringList(fields.tags)) result.tags = [...fields.tags];
  if (isStringList(fields.capabilities)) result.capabilities = [...fields.capabilities];
  if (typeof fields.requiresConfirmation === 'boolean')
    result.requiresConfirmation = fields.requiresConfirmation;
  return result;
}

function withoutArsenalMeta(meta: unknown): Record<string, unknown> | undefined {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
  const { [ARSENAL_META_KEY]: _saved, ...rest } = meta as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
