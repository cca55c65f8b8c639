import {
  createToolDefinition,
  type HygieneMode,
  type Issue,
  type JsonSchema,
  type ToolAnnotations,
  type ToolCapability,
  type ToolDefinition,
} from '@arsenal/core';
import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  pickToolAnnotations,
  RESERVED_TOOL_NAMES,
  toToolName,
  UPSTREAM_NAME_METADATA_KEY,
} from '@arsenal/core/adapter';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

const NAME_MAX_LENGTH = 128;
const NAMESPACE_MAX_LENGTH = 64;

export interface ToolMappingContext {
  /** The configured server name, as the user wrote it. */
  serverName: string;
  /** The sanitised namespace of the server's tools. */
  namespace: string;
  sourceUri: string;
  hygiene: HygieneMode;
  onHygieneFindings?: (findings: readonly Issue[], tool: ToolDefinition) => void;
}

/** One MCP tool turned into a definition, with what is needed to call and pin it. */
export interface MappedTool {
  definition: ToolDefinition;
  mcpName: string;
  /** The pinning hash of the tool as the server described it. */
  pinHash: string;
}

/** A namespace from any server name: `My Server!` → `my-server`. */
export function toNamespace(serverName: string): string {
  const cleaned = serverName
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, NAMESPACE_MAX_LENGTH)
    .replace(/[-_.]+$/, '');
  return cleaned || 'mcp';
}

function baseToolName(mcpName: string): string {
  const name = toToolName(mcpName) || 'tool';
  return RESERVED_TOOL_NAMES.has(name) ? `${name}_tool` : name;
}

function withSuffix(base: string, index: number): string {
  const suffix = `_${index}`;
  return base.slice(0, NAME_MAX_LENGTH - suffix.length) + suffix;
}

/**
 * Arsenal names for a list of MCP tool names, in the same order. Names that sanitise to the same
 * snake_case are told apart by a numeric suffix: a name already in snake_case keeps it, the others
 * get suffixes in sorted order, so the result does not depend on the server's listing order.
 */
export function assignToolNames(mcpNames: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const mcpName of mcpNames) {
    const base = baseToolName(mcpName);
    const group = groups.get(base) ?? [];
    group.push(mcpName);
    groups.set(base, group);
  }
  const assigned = new Map<string, string>();
  const taken = new Set(groups.keys());
  for (const [base, group] of groups) {
    // A tool already named exactly like the base keeps it; the rest follow in sorted order.
    const sorted = [...new Set(group)].sort((a, b) =>
      a === base ? -1 : b === base ? 1 : a < b ? -1 : a > b ? 1 : 0,
    );
    sorted.forEach((mcpName, position) => {
      if (position === 0) {
        assigned.set(mcpName, base);
        return;
      }
      let index = position + 1;
      while (taken.has(withSuffix(base, index))) index += 1;
      const name = withSuffix(base, index);
      taken.add(name);
      assigned.set(mcpName, name);
    });
  }
  return mcpNames.map((mcpName) => assigned.get(mcpName) ?? baseToolName(mcpName));
}

function humanize(mcpName: string): string {
  const words = mcpName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : mcpName;
}

function cutAt(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const slice = text.slice(0, limit - 1);
  const sentenceEnd = slice.lastIndexOf('. ');
  return sentenceEnd > limit / 2 ? slice.slice(0, sentenceEnd + 1) : `${slice.trimEnd()}…`;
}

interface DescriptionParts {
  description: string;
  extendedDescription?: string;
  synthesized?: true;
}

/** A usable description: the server's, cut to size, or one made from the title and name. */
export function describeMcpTool(tool: Tool, serverName: string): DescriptionParts {
  const raw = (tool.description ?? '').trim();
  // A long description is cut by createToolDefinition, the same way for every source.
  if (raw.length >= DESCRIPTION_MIN_LENGTH) return { description: raw };
  const label = (tool.title ?? tool.annotations?.title ?? humanize(tool.name)).trim();
  const detail = raw && raw.toLowerCase() !== label.toLowerCase() ? ` (${raw})` : '';
  return {
    description: cutAt(
      `${label}${detail}: the "${tool.name}" tool of the MCP server "${serverName}".`,
      DESCRIPTION_MAX_LENGTH,
    ),
    synthesized: true,
  };
}

function capabilitiesOf(annotations: ToolAnnotations | undefined): ToolCapability[] {
  const capabilities: ToolCapability[] = [];
  if (annotations?.readOnlyHint === true) capabilities.push('read_data');
  if (annotations?.openWorldHint === true) capabilities.push('network_access');
  return capabilities;
}

export interface MapToolOptions {
  /** The Arsenal name chosen by `assignToolNames`. */
  name: string;
  pinHash: string;
  /** Set when pinning flagged the tool. */
  pinMismatch?: boolean;
}

/** Turn one MCP tool into a validated ToolDefinition. Throws ToolDefinitionError when it cannot. */
export function mapMcpTool(
  tool: Tool,
  context: ToolMappingContext,
  options: MapToolOptions,
): ToolDefinition {
  const annotations = pickToolAnnotations(tool.annotations);
  const described = describeMcpTool(tool, context.serverName);
  const metadata: Record<string, unknown> = {
    mcpServer: context.serverName,
    mcpName: tool.name,
    // Policy rules match this name too: `everything.get-env` must cover `get_env`.
    [UPSTREAM_NAME_METADATA_KEY]: tool.name,
    mcpPinHash: options.pinHash,
  };
  if (described.synthesized) metadata.descriptionSynthesized = true;
  if (options.pinMismatch) metadata.mcpPinMismatch = true;
  if (tool._meta !== undefined) metadata.mcpMeta = tool._meta;
  return createToolDefinition(
    {
      name: options.name,
      namespace: context.namespace,
      title: tool.title ?? annotations?.title,
      description: described.description,
      extendedDescription: described.extendedDescription,
      parametersSchema: tool.inputSchema as JsonSchema,
      returnsSchema: tool.outputSchema as JsonSchema | undefined,
      source: 'mcp_server',
      sourceUri: context.sourceUri,
      capabilities: capabilitiesOf(annotations),
      annotations,
      metadata,
    },
    { hygiene: context.hygiene, onFindings: context.onHygieneFindings },
  );
}
