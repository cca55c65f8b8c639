import type { ToolDefinition } from '../tool/tool-definition.js';

/** A parameter carried by more than this share of a group's tools is boilerplate. */
const SHARED_SHARE = 0.5;
/** Groups smaller than this have no boilerplate: a few tools sharing an input is common. */
const MIN_GROUP_SIZE = 5;
/** The group of every tool, whatever its namespace. */
const EVERY_TOOL = '\u0000';

interface Group {
  size: number;
  /** Tools carrying each parameter, by name then description ('' for none). */
  keys: Map<string, Map<string, number>>;
}

const NO_KEYS: readonly string[] = Object.freeze([]);

/**
 * What makes two tools' parameters the same boilerplate: the name and the description. A name
 * alone is not enough: a `request` or `query` input on every tool, described differently on
 * each, is where such a catalog says what each tool does. Counted by name, then description:
 * no string joining the two is built for every parameter of every tool.
 */
function descriptionOf(schema: unknown): string {
  const description =
    schema && typeof schema === 'object' ? (schema as { description?: unknown }).description : '';
  return typeof description === 'string' ? description : '';
}

function isSharedIn(group: Group, key: string, description: string): boolean {
  return (group.keys.get(key)?.get(description) ?? 0) > group.size * SHARED_SHARE;
}

/**
 * Finds the parameters most tools of a namespace (a server) or of the whole catalog share, name
 * and description alike, such as `tenant`, `subscription` or `retry-mode` on every tool of a
 * cloud server. They say nothing
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

  /** The tool's boilerplate parameters, as one comparable string. */
  signature(tool: ToolDefinition): string {
    return this.sharedKeys(tool).join('\u0000');
  }

  /**
   * The tool's boilerplate parameters: those most tools of its namespace or of the catalog carry
   * (the same empty list for most tools).
   */
  sharedKeys(tool: ToolDefinition): readonly string[] {
    const properties = tool.parametersSchema?.properties;
    if (!properties || typeof properties !== 'object') return NO_KEYS;
    const own = this.#usable(tool.namespace);
    const every = this.#usable(EVERY_TOOL);
    if (!own && !every) return NO_KEYS;
    let keys: string[] | undefined;
    for (const key in properties) {
      if (!Object.hasOwn(properties, key)) continue;
      const description = descriptionOf(properties[key]);
      if (
        (own && isSharedIn(own, key, description)) ||
        (every && isSharedIn(every, key, description))
      ) {
        keys ??= [];
        keys.push(key);
      }
    }
    return keys ?? NO_KEYS;
  }

  /** A group large enough to have boilerplate. */
  #usable(groupName: string): Group | undefined {
    const group = this.#groups.get(groupName);
    return group && group.size >= MIN_GROUP_SIZE ? group : undefined;
  }

  #update(tool: ToolDefinition, delta: 1 | -1): void {
    const properties = tool.parametersSchema?.properties;
    const hasProperties =
      properties !== undefined && properties !== null && typeof properties === 'object';
    const own = this.#group(tool.namespace, delta);
    const every = this.#group(EVERY_TOOL, delta);
    if (hasProperties) {
      for (const key in properties) {
        if (!Object.hasOwn(properties, key)) continue;
        const description = descriptionOf(properties[key]);
        count(own, key, description, delta);
        count(every, key, description, delta);
      }
    }
    if (own.size <= 0) this.#groups.delete(tool.namespace);
    if (every.size <= 0) this.#groups.delete(EVERY_TOOL);
  }

  #group(name: string, delta: 1 | -1): Group {
    let group = this.#groups.get(name);
    if (!group) {
      group = { size: 0, keys: new Map() };
      this.#groups.set(name, group);
    }
    group.size += delta;
    return group;
  }
}

function count(group: Group, key: string, description: string, delta: 1 | -1): void {
  let byDescription = group.keys.get(key);
  if (!byDescription) {
    byDescription = new Map();
    group.keys.set(key, byDescription);
  }
  const total = (byDescription.get(description) ?? 0) + delta;
  if (total > 0) byDescription.set(description, total);
  else {
    byDescription.delete(description);
    if (byDescription.size === 0) group.keys.delete(key);
  }
}
