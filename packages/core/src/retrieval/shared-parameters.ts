import type { ToolDefinition } from '../tool/tool-definition.js';

/** A parameter carried by more than this share of a group's tools is boilerplate. */
const SHARED_SHARE = 0.5;
/** Groups smaller than this have no boilerplate: a few tools sharing an input is common. */
const MIN_GROUP_SIZE = 5;
/** The group of every tool, whatever its namespace. */
const EVERY_TOOL = '\u0000';

interface Group {
  size: number;
  keys: Map<string, number>;
}

function parameterKeys(tool: ToolDefinition): string[] {
  const properties = tool.parametersSchema?.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/**
 * Finds the parameters most tools of a namespace (a server) or of the whole catalog share, such
 * as `tenant`, `subscription` or `retry-mode` on every tool of a cloud server. They say nothing
 * about what one tool does, and counted as ordinary text they make words that matter elsewhere
 * ("resource group", "account") look common. Counts follow registrations and removals.
 */
export class SharedParameters {
  readonly #groups = new Map<string, Group>();

  add(tool: ToolDefinition): void {
    this.#update(tool, 1);
  }

  remove(tool: ToolDefinition): void {
    this.#update(tool, -1);
  }

  /** Whether `key` is boilerplate for this tool (in its namespace or across the catalog). */
  isShared(tool: ToolDefinition, key: string): boolean {
    return this.#sharedIn(tool.namespace, key) || this.#sharedIn(EVERY_TOOL, key);
  }

  /** The tool's boilerplate parameters, as one comparable string. */
  signature(tool: ToolDefinition): string {
    return parameterKeys(tool)
      .filter((key) => this.isShared(tool, key))
      .join('\u0000');
  }

  #sharedIn(groupName: string, key: string): boolean {
    const group = this.#groups.get(groupName);
    if (!group || group.size < MIN_GROUP_SIZE) return false;
    return (group.keys.get(key) ?? 0) > group.size * SHARED_SHARE;
  }

  #update(tool: ToolDefinition, delta: 1 | -1): void {
    const keys = parameterKeys(tool);
    for (const name of [tool.namespace, EVERY_TOOL]) {
      let group = this.#groups.get(name);
      if (!group) {
        group = { size: 0, keys: new Map() };
        this.#groups.set(name, group);
      }
      group.size += delta;
      for (const key of keys) {
        const count = (group.keys.get(key) ?? 0) + delta;
        if (count > 0) group.keys.set(key, count);
        else group.keys.delete(key);
      }
      if (group.size <= 0) this.#groups.delete(name);
    }
  }
}
