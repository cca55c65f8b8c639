import type { JsonSchema } from '../schema/json-schema.js';

/** What a tool can do to the world. Policy and filters key on these; any string is accepted. */
export type ToolCapability =
  | 'read_data'
  | 'write_data'
  | 'delete_data'
  | 'execute_code'
  | 'network_access'
  | 'file_system'
  | 'financial'
  | 'pii_access'
  | 'external_api'
  | (string & {});

export const KNOWN_CAPABILITIES: readonly ToolCapability[] = [
  'read_data',
  'write_data',
  'delete_data',
  'execute_code',
  'network_access',
  'file_system',
  'financial',
  'pii_access',
  'external_api',
];

/** Where a tool came from. Any string is accepted so third-party sources can name themselves. */
export type ToolSourceKind =
  | 'function'
  | 'mcp_server'
  | 'openapi'
  | 'http'
  | 'a2a_agent'
  | 'utcp'
  | 'cli'
  | 'catalog'
  | 'manual'
  | (string & {});

/** What calling a tool costs: time, money, rate and prompt space. */
export interface ToolCost {
  /** Typical latency of one call, in milliseconds. */
  estimatedLatencyMs?: number;
  /** Money per call, in the currency the operator chooses (USD by convention). */
  monetaryCost?: number;
  /** Most calls per minute the tool's provider allows. */
  rateLimitPerMinute?: number;
  /** Tokens this tool adds to a prompt when selected (0: estimate on demand). */
  contextTokens?: number;
}

/** Runtime health of a tool. Kept beside the definition, never persisted with it or hashed. */
export interface ToolHealth {
  successRate: number;
  averageLatencyMs: number;
  totalCalls: number;
  consecutiveFailures: number;
  lastSuccessAt?: string;
  lastFailureAt?: string;
  circuitState: 'closed' | 'open' | 'half_open';
}

export const HEALTHY: Readonly<ToolHealth> = Object.freeze({
  successRate: 1,
  averageLatencyMs: 0,
  totalCalls: 0,
  consecutiveFailures: 0,
  circuitState: 'closed' as const,
});

/** A tool this one requires first, suggests, or conflicts with. */
export interface ToolDependency {
  /** Name (or qualified name) of the other tool. */
  tool: string;
  kind: 'requires' | 'suggests' | 'conflicts';
  reason?: string;
}

/** Behaviour hints in MCP's vocabulary; `destructiveHint` implies confirmation. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a caller writes to describe a tool; everything but name, description and schema has defaults. */
export interface ToolDefinitionInput {
  name: string;
  /** Semantic version `MAJOR.MINOR.PATCH`. Default `1.0.0`. */
  version?: string;
  /** Default `default`. */
  namespace?: string;
  title?: string;
  /** 10–2000 characters: what the tool does and when to use it. */
  description: string;
  /** Up to 10,000 characters of detail for describe_tool-style lookups. */
  extendedDescription?: string;
  /** Up to 10 example requests this tool answers. */
  examples?: readonly string[];
  tags?: readonly string[];
  /** JSON Schema of the arguments (an object schema). Alias: `parameters`. */
  parametersSchema?: JsonSchema;
  parameters?: JsonSchema | null;
  returnsSchema?: JsonSchema;
  source?: ToolSourceKind;
  sourceUri?: string;
  capabilities?: readonly ToolCapability[];
  requiresConfirmation?: boolean;
  annotations?: ToolAnnotations;
  cost?: ToolCost;
  metadata?: Record<string, unknown>;
  /** ISO 8601 timestamp; default: now. Not part of the content hash. */
  createdAt?: string | Date;
  deprecated?: boolean;
  deprecationMessage?: string;
  supersededBy?: string;
  dependencies?: readonly ToolDependency[];
}

/** The canonical, validated, immutable form of a tool, whatever its source. */
export interface ToolDefinition {
  readonly name: string;
  readonly version: string;
  readonly namespace: string;
  readonly title?: string;
  readonly description: string;
  readonly extendedDescription?: string;
  readonly examples: readonly string[];
  readonly tags: readonly string[];
  readonly parametersSchema: JsonSchema;
  readonly returnsSchema?: JsonSchema;
  readonly source: ToolSourceKind;
  readonly sourceUri?: string;
  readonly capabilities: readonly ToolCapability[];
  readonly requiresConfirmation: boolean;
  readonly annotations?: ToolAnnotations;
  readonly cost: ToolCost;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
  readonly deprecated: boolean;
  readonly deprecationMessage?: string;
  readonly supersededBy?: string;
  readonly dependencies: readonly ToolDependency[];
  /** `namespace.name:version` */
  readonly qualifiedName: string;
  /** SHA-256 (first 32 hex digits) of the canonical JSON of every persisted field but createdAt. */
  readonly contentHash: string;
}
