import type { ResolvedTool, ToolResolver } from '../registry/types.js';

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(
        above + 1,
        previous[j - 1]! + 1,
        diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/**
 * A ToolResolver over a fixed list: name, `namespace.name`, qualified name and `aliases`.
 * For tests, examples and small apps; the registry is the full implementation.
 *
 * @example
 * const engine = createExecutionEngine({ resolver: createStaticToolResolver([{ definition, executor }]) });
 */
export function createStaticToolResolver(
  tools: readonly ResolvedTool[],
  aliases: Readonly<Record<string, string>> = {},
): ToolResolver {
  const byReference = new Map<string, ResolvedTool>();
  for (const tool of tools) {
    const { definition } = tool;
    byReference.set(definition.qualifiedName, tool);
    byReference.set(`${definition.namespace}.${definition.name}`, tool);
    byReference.set(`${definition.name}:${definition.version}`, tool);
    if (!byReference.has(definition.name)) byReference.set(definition.name, tool);
  }
  const resolve = (reference: string): ResolvedTool | undefined => {
    const direct = byReference.get(reference);
    if (direct) return direct;
    const target = aliases[reference];
    return target === undefined ? undefined : byReference.get(target);
  };
  return {
    resolve,
    suggest(reference, limit = 3) {
      const names = [...new Set(tools.map((tool) => tool.definition.name))];
      const threshold = Math.max(2, Math.floor(reference.length / 3));
      return names
        .map((name) => ({ name, distance: editDistance(reference, name) }))
        .filter((entry) => entry.distance <= threshold)
        .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
        .slice(0, limit)
        .map((entry) => entry.name);
    },
  };
}
