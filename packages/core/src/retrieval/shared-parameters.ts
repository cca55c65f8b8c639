import type { ToolDefinition } from '../tool/tool-definition.js';

/** A parameter carried by more than this share of a group's tools is boilerplate. */
const SHARED_SHARE = 0.5;
/** Groups smaller than this have no boilerplate: a few tools sharing an input is common. */
const MIN_GROUP_SIZE = 5;
interface Group {
  size: number;
  /** Tools carrying each parameter, by name then description ('' for none). */
  keys: Map<string, Map<string, number>>;
  /**
   * At least the largest count of `keys` (it is not lowered when counts fall): a group whose
   * largest count is not above its share of boilerplate has none, without a look at its keys.
   */
  largest: number;
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

function hasShared(group: Group | undefined): group is Group {
  return group !== undefined && group.largest > group.size * SHARED_SHARE;
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
  /** By namespace. */
  readonly #groups = new Map<string, Group>();
  /**
   * Every tool, whatever its namespace; undefined while all tools counted so far are of one
   * namespace, whose group then holds the same counts (most catalogs of one server): they are
   * not counted twice. Made from that group when a tool of another namespace comes.
   */
  #every: Group | undefined;

  add(tool: ToolDefinition): void {
    this.#update(tool, 1);
  }

  remove(tool: ToolDefinition): void {
    this.#update(tool, -1);
  }

  /** Whether no tool has boilerplate parameters now. */
  get none(): boolean {
    if (hasShared(this.#every) && this.#every.size >= MIN_GROUP_SIZE) return false;
    for (const group of this.#groups.values())
      if (group.size >= MIN_GROUP_SIZE && hasShared(group)) return false;
    return true;
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
    const own = usable(this.#groups.get(tool.namespace));
    const every = usable(this.#every);
    if (!hasShared(own) && !hasShared(every)) return NO_KEYS;
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

  #update(tool: ToolDefinition, delta: 1 | -1): void {
    const properties = tool.parametersSchema?.properties;
    const hasProperties =
      properties !== undefined && properties !== null && typeof properties === 'object';
    if (this.#every === undefined && !this.#groups.has(tool.namespace) && this.#groups.size > 0)
      this.#every = copyOf(this.#groups.values().next().value!);
    const own = this.#group(tool.namespace, delta);
    const every = this.#every;
    if (every) every.size += delta;
    if (hasProperties) {
      for (const key in properties) {
        if (!Object.hasOwn(properties, key)) continue;
        const description = descriptionOf(properties[key]);
        count(own, key, description, delta);
        if (every) count(every, key, description, delta);
      }
    }
    if (own.size <= 0) this.#groups.delete(tool.namespace);
    if (every && every.size <= 0) this.#every = undefined;
  }

  #group(name: string, delta: 1 | -1): Group {
    let group = this.#groups.get(name);
    if (!group) {
      group = { size: 0, keys: new Map(), largest: 0 };
      this.#groups.set(name, group);
    }
    group.size += delta;
    return group;
  }
}

/** A group large enough to have boilerplate. */
function usable(group: Group | undefined): Group | undefined {
  return group && group.size >= MIN_GROUP_SIZE ? group : undefined;
}

function copyOf(group: Group): Group {
  const keys = new Map<string, Map<string, number>>();
  for (const [key, byDescription] of group.keys) keys.set(key, new Map(byDescription));
  return { size: group.size, keys, largest: group.largest };
}

function count(group: Group, key: string, description: string, delta: 1 | -1): void {
  let byDescription = group.keys.get(key);
  if (!byDescription) {
    byDescription = new Map();
    group.keys.set(key, byDescription);
  }
  const total = (byDescription.get(description) ?? 0) + delta;
  if (total > group.largest) group.largest = total;
  if (total > 0) byDescription.set(description, total);
  else {
    byDescription.delete(description);
    if (byDescription.size === 0) group.keys.delete(key);
  }
}
