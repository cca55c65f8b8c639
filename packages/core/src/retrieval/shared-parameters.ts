import type { ToolDefinition } from '../tool/tool-definition.js';

/** A parameter carried by more than this share of a group's tools is boilerplate. */
const SHARED_SHARE = 0.5;
/** Groups smaller than this have no boilerplate: a few tools sharing an input is common. */
const MIN_GROUP_SIZE = 5;
interface Group {
  size: number;
  /** Tools carrying each parameter, by name then description ('' for none). */
  keys: Map<string, DescriptionCounts>;
  /**
   * At least the largest count of `keys` (it is not lowered when counts fall): a group whose
   * largest count is not above its share of boilerplate has none, without a look at its keys.
   */
  largest: number;
}

/**
 * The tools carrying one parameter name, by description: the first description met is counted
 * in place, any other in `others`. Most names come with one description: counting them costs no
 * map of their own, and a tool a lookup instead of three.
 */
interface DescriptionCounts {
  description: string;
  /** Above 0: a description whose count falls to 0 gives its place to another, or the name goes. */
  count: number;
  others: Map<string, number> | undefined;
}

function countOf(counts: DescriptionCounts | undefined, description: string): number {
  if (counts === undefined) return 0;
  return counts.description === description ? counts.count : (counts.others?.get(description) ?? 0);
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
  return countOf(group.keys.get(key), description) > group.size * SHARED_SHARE;
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
  const keys = new Map<string, DescriptionCounts>();
  for (const [key, counts] of group.keys)
    keys.set(key, {
      description: counts.description,
      count: counts.count,
      others: counts.others && new Map(counts.others),
    });
  return { size: group.size, keys, largest: group.largest };
}

function count(group: Group, key: string, description: string, delta: 1 | -1): void {
  const counts = group.keys.get(key);
  if (counts === undefined) {
    // A name not counted yet: only a tool added counts (a removal finds nothing to take off).
    if (delta > 0) {
      group.keys.set(key, { description, count: delta, others: undefined });
      if (delta > group.largest) group.largest = delta;
    }
    return;
  }
  let total: number;
  if (counts.description === description) {
    total = counts.count + delta;
    counts.count = total;
  } else {
    const others = counts.others ?? new Map<string, number>();
    counts.others = others;
    total = (others.get(description) ?? 0) + delta;
    if (total > 0) others.set(description, total);
    else others.delete(description);
    if (others.size === 0) counts.others = undefined;
  }
  if (total > group.largest) group.largest = total;
  if (counts.count > 0) return;
  // The description counted in place is gone: another takes its place, or the name goes.
  const next = counts.others?.entries().next();
  if (next === undefined || next.done) {
    group.keys.delete(key);
    return;
  }
  const [other, otherCount] = next.value;
  counts.description = other;
  counts.count = otherCount;
  counts.others!.delete(other);
  if (counts.others!.size === 0) counts.others = undefined;
}
