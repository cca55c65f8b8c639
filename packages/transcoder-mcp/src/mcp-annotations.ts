import type { ToolAnnotations, ToolCapability } from '@arsenal/core';
import { pickToolAnnotations } from '@arsenal/core/adapter';
import type { McpToolAnnotations } from './mcp-tool.js';

/** Capabilities that change the world; any of them rules out `readOnlyHint: true`. */
const MUTATING: ReadonlySet<ToolCapability> = new Set([
  'write_data',
  'delete_data',
  'execute_code',
  'financial',
]);
/** Capabilities a read-only tool may have. */
const READ_ONLY_COMPATIBLE: ReadonlySet<ToolCapability> = new Set([
  'read_data',
  'pii_access',
  'network_access',
  'external_api',
]);
const OPEN_WORLD: ReadonlySet<ToolCapability> = new Set(['network_access', 'external_api']);

export interface AnnotationSource {
  annotations?: ToolAnnotations;
  capabilities: readonly ToolCapability[];
  requiresConfirmation: boolean;
}

/**
 * MCP hints for a definition. Explicit annotations win; the rest are derived from capabilities
 * and `requiresConfirmation` when `derive` is on, and left out when nothing says either way.
 */
export function toMcpAnnotations(tool: AnnotationSource, derive: boolean): McpToolAnnotations {
  const hints: McpToolAnnotations = { ...pickToolAnnotations(tool.annotations) };
  if (!derive) return hints;
  const capabilities = new Set(tool.capabilities);
  const mutates = [...capabilities].some((capability) => MUTATING.has(capability));
  if (hints.readOnlyHint === undefined) {
    if (mutates) hints.readOnlyHint = false;
    else if (
      capabilities.has('read_data') &&
      [...capabilities].every((capability) => READ_ONLY_COMPATIBLE.has(capability))
    ) {
      hints.readOnlyHint = true;
    }
  }
  if (
    hints.destructiveHint === undefined &&
    hints.readOnlyHint !== true &&
    (capabilities.has('delete_data') || tool.requiresConfirmation)
  ) {
    hints.destructiveHint = true;
  }
  if (
    hints.openWorldHint === undefined &&
    [...capabilities].some((capability) => OPEN_WORLD.has(capability))
  ) {
    hints.openWorldHint = true;
  }
  return hints;
}

export interface DecodedAnnotations {
  annotations?: ToolAnnotations;
  capabilities: ToolCapability[];
  requiresConfirmation: boolean;
}

/**
 * Definition fields from MCP hints: a destructive, non-read-only tool requires confirmation;
 * capabilities are the coarse ones the hints imply (`read_data`, `write_data`, `delete_data`,
 * `external_api`). Absent hints imply nothing, whatever MCP's defaults are.
 */
export function fromMcpAnnotations(raw: unknown): DecodedAnnotations {
  const annotations = pickToolAnnotations(raw);
  const capabilities: ToolCapability[] = [];
  const readOnly = annotations?.readOnlyHint;
  const destructive = readOnly !== true && annotations?.destructiveHint === true;
  if (readOnly === true) capabilities.push('read_data');
  if (readOnly === false || destructive) capabilities.push('write_data');
  if (destructive) capabilities.push('delete_data');
  if (annotations?.openWorldHint === true) capabilities.push('external_api');
  return {
    ...(annotations === undefined ? {} : { annotations }),
    capabilities,
    requiresConfirmation: destructive,
  };
}
