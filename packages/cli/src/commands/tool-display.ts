import type { ToolDefinition } from '@arsenal/core';

/** `namespace.name` for namespaced tools, the bare name for tools in the default namespace. */
export function displayName(tool: ToolDefinition): string {
  return tool.namespace === 'default' ? tool.name : `${tool.namespace}.${tool.name}`;
}
