import type { Principal } from '../ports/executor.js';
import type { ToolDefinition, ToolHealth } from '../tool/tool-definition.js';
import type { RetrievalFilters } from './types.js';

/** Whether a principal may see (and so call) a tool: namespaces and capabilities. */
export function principalMaySee(tool: ToolDefinition, principal: Principal | undefined): boolean {
  if (!principal) return true;
  if (principal.namespaces && !principal.namespaces.includes(tool.namespace)) return false;
  if (principal.capabilities) {
    for (const capability of tool.capabilities) {
      if (!principal.capabilities.includes(capability)) return false;
    }
  }
  return true;
}

function matchesReference(tool: ToolDefinition, references: readonly string[]): boolean {
  return references.some(
    (reference) =>
      reference === tool.name ||
      reference === tool.qualifiedName ||
      reference === `${tool.namespace}.${tool.name}`,
  );
}

/** Compile request filters into one predicate over tools. */
export function compileFilters(
  filters: RetrievalFilters = {},
  health?: (tool: ToolDefinition) => ToolHealth | undefined,
): (tool: ToolDefinition) => boolean {
  const excludeDeprecated = filters.excludeDeprecated ?? true;
  const excludeUnhealthy = filters.excludeUnhealthy ?? true;
  return (tool) => {
    if (filters.namespaces && !filters.namespaces.includes(tool.namespace)) return false;
    if (filters.sources && !filters.sources.includes(tool.source)) return false;
    if (filters.tags && !filters.tags.some((tag) => tool.tags.includes(tag))) return false;
    if (excludeDeprecated && tool.deprecated) return false;
    if (
      filters.requiredCapabilities?.some((capability) => !tool.capabilities.includes(capability))
    ) {
      return false;
    }
    if (
      filters.excludedCapabilities?.some((capability) => tool.capabilities.includes(capability))
    ) {
      return false;
    }
    if (filters.tools && !matchesReference(tool, filters.tools)) return false;
    if (filters.excludeTools && matchesReference(tool, filters.excludeTools)) return false;
    if (excludeUnhealthy && health?.(tool)?.circuitState === 'open') return false;
    return true;
  };
}
