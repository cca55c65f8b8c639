import type { ToolDefinition } from '@arsenal/core';

export interface ToolListDiff {
  added: ToolDefinition[];
  updated: ToolDefinition[];
  removed: ToolDefinition[];
}

/** What changed between two tool lists keyed by MCP name, judged by content hash. */
export function diffToolLists(
  previous: ReadonlyMap<string, ToolDefinition>,
  next: ReadonlyMap<string, ToolDefinition>,
): ToolListDiff {
  const diff: ToolListDiff = { added: [], updated: [], removed: [] };
  for (const [key, tool] of next) {
    const before = previous.get(key);
    if (!before) diff.added.push(tool);
    else if (before.contentHash !== tool.contentHash) diff.updated.push(tool);
  }
  for (const [key, tool] of previous) {
    if (!next.has(key)) diff.removed.push(tool);
  }
  return diff;
}

export function isEmptyDiff(diff: ToolListDiff): boolean {
  return diff.added.length === 0 && diff.updated.length === 0 && diff.removed.length === 0;
}
