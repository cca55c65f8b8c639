import type { ToolDefinition } from '@arsenal/core';

/**
 * The name a model sees for an Arsenal tool: the tool's name in the `default` namespace,
 * `namespace__name` elsewhere, limited to the characters every provider accepts.
 */
export function aiSdkToolName(definition: ToolDefinition): string {
  const raw =
    definition.namespace === 'default'
      ? definition.name
      : `${definition.namespace}__${definition.name}`;
  return raw.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}
