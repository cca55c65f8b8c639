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

const NO_KEYS: readonly string[] = Object.freeze([]);

/**
 * What makes two tools' parameters the same boilerplate: the name and the description. A name
 * alone is not enough: a `request` or `query` input on every tool, described differently on
 * each, is where such a catalog says what each tool does.
 */
function parameterIdentity(key: string, schema: unknown): string {
  const description =
    schema && typeof schema === 'object' ? (schema as { description?: unknown }).description : '';
  return typeof description === 'string' && description.length > 0
    ? `${key}\u0001${description}`
    : key;
}

function parameterIdentities(tool: ToolDefinition): readonly string[] {
  const properties = tool.parametersSchema?.properties;
  if (!properties || typeof properties !== 'object') return NO_KEYS;
  const identities: string[] = [];
  for (const key in properties)
    if (Object.hasOwn(properties, key)) identities.push(parameterIdentity(key, properties[key]));
  return identities;
}

function isSharedIn(group: Group, key: string): boolean {
  return (group.keys.get(key) ?? 0) > group.size * SHARED_SHARE;
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
      const identity = parameterIdentity(key, properties[key]);
      if ((own && isSharedIn(own, identity)) || (every && isSharedIn(every, identity))) {
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
    const keys = parameterIdentities(tool);
    this.#count(tool.namespace, keys, delta);
    this.#count(EVERY_TOOL, keys, delta);
  }

  #count(name: string, keys: readonly string[], delta: 1 | -1): void {
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
