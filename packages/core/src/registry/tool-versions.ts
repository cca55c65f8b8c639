import { compareSemver } from '../tool/semver.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** Namespaces compared one by one by `mayStartWithOtherNamespace`; more are not. */
const FEW_NAMESPACES = 8;
const UNDERSCORE = 0x5f;

/** Qualified names of one tool's versions: one string (nearly always) or several. */
type Versions = string | string[];

/**
 * Which versions each tool (`namespace.name`) has and which namespaces each bare name lives in.
 * Keyed by the namespace and name strings the definitions already hold, and a tool with one
 * version holds its qualified name alone: no key string, array or set per tool (they were
 * about a hundred bytes of each registered tool).
 */
export class ToolVersions {
  /** namespace → name → versions. */
  readonly #byNamespace = new Map<string, Map<string, Versions>>();
  /**
   * bare name → its namespace, or its namespaces when several have it. Built on first use and
   * kept up to date after: a bulk registration that never resolves a bare name does without a
   * map entry per tool.
   */
  #byName: Map<string, string | Set<string>> | undefined;
  /** namespace with its dots as `_` → the namespaces written so (nearly always one). */
  readonly #byJoinedNamespace = new Map<string, string | Set<string>>();
  /** Tools with more than one version. */
  #severalVersions = 0;

  add(tool: ToolDefinition): void {
    let names = this.#byNamespace.get(tool.namespace);
    if (!names) {
      names = new Map();
      this.#byNamespace.set(tool.namespace, names);
      addName(this.#byJoinedNamespace, joinedNamespace(tool.namespace), tool.namespace);
    }
    const versions = names.get(tool.name);
    if (versions === undefined) names.set(tool.name, tool.qualifiedName);
    else if (typeof versions === 'string') {
      names.set(tool.name, [versions, tool.qualifiedName]);
      this.#severalVersions++;
    } else versions.push(tool.qualifiedName);
    if (this.#byName) addName(this.#byName, tool.name, tool.namespace);
  }

  remove(tool: ToolDefinition): void {
    const names = this.#byNamespace.get(tool.namespace);
    const versions = names?.get(tool.name);
    if (!names || versions === undefined) return;
    if (typeof versions !== 'string') {
      const left = versions.filter((qualified) => qualified !== tool.qualifiedName);
      if (left.length > 1) {
        names.set(tool.name, left);
        return;
      }
      this.#severalVersions--;
      if (left.length === 1) {
        names.set(tool.name, left[0]!);
        return;
      }
    } else if (versions !== tool.qualifiedName) return;
    names.delete(tool.name);
    if (names.size === 0) {
      this.#byNamespace.delete(tool.namespace);
      removeName(this.#byJoinedNamespace, joinedNamespace(tool.namespace), tool.namespace);
    }
    if (this.#byName) removeName(this.#byName, tool.name, tool.namespace);
  }

  /** Whether some tool has more than one version: if none has, every tool is its newest. */
  get anySeveral(): boolean {
    return this.#severalVersions > 0;
  }

  /** Whether `namespace.name` has a version. */
  has(namespace: string, name: string): boolean {
    return this.#byNamespace.get(namespace)?.has(name) ?? false;
  }

  /** The namespaces that are written `joined` once their dots become `_`. */
  namespacesJoinedAs(joined: string): string[] {
    const namespaces = this.#byJoinedNamespace.get(joined);
    if (namespaces === undefined) return [];
    return typeof namespaces === 'string' ? [namespaces] : [...namespaces];
  }

  /** Whether a namespace other than `namespace` has a tool. */
  hasOtherNamespace(namespace: string): boolean {
    const count = this.#byNamespace.size;
    return count > 1 || (count === 1 && !this.#byNamespace.has(namespace));
  }

  /**
   * Whether `exposed` may start with another namespace than `namespace`, dots written `_`,
   * followed by `_`: false only when that is sure. With a few namespaces they are compared in
   * place, which spares reading `exposed` at each of its underscores (a string per reading).
   */
  mayStartWithOtherNamespace(exposed: string, namespace: string): boolean {
    if (this.#byJoinedNamespace.size > FEW_NAMESPACES) return true;
    for (const [joined, namespaces] of this.#byJoinedNamespace) {
      if (namespaces === namespace) continue;
      if (
        exposed.length > joined.length + 1 &&
        exposed.charCodeAt(joined.length) === UNDERSCORE &&
        exposed.startsWith(joined)
      )
        return true;
    }
    return false;
  }

  /** A namespace other than `namespace` with a tool of this bare name, if any. */
  otherNamespaceWith(name: string, namespace: string): string | undefined {
    // Without the bare-name index, the namespaces (far fewer than tools) are asked one by one:
    // a bulk registration need not build the index for this.
    if (this.#byName === undefined) {
      for (const [other, names] of this.#byNamespace)
        if (other !== namespace && names.has(name)) return other;
      return undefined;
    }
    const namespaces = this.#byName.get(name);
    if (namespaces === undefined || namespaces === namespace) return undefined;
    if (typeof namespaces === 'string') return namespaces;
    for (const other of namespaces) if (other !== namespace) return other;
    return undefined;
  }

  /** Qualified names of the versions of `namespace.name`. */
  versions(namespace: string, name: string): readonly string[] {
    const versions = this.#byNamespace.get(namespace)?.get(name);
    if (versions === undefined) return [];
    return typeof versions === 'string' ? [versions] : versions;
  }

  /** The newest version's qualified name. */
  latest(namespace: string, name: string): string | undefined {
    const versions = this.#byNamespace.get(namespace)?.get(name);
    return typeof versions === 'string' ? versions : versions && newest(versions);
  }

  isLatest(tool: ToolDefinition): boolean {
    return this.latest(tool.namespace, tool.name) === tool.qualifiedName;
  }

  /** The namespaces that have a tool of this bare name. */
  namespacesOf(name: string): string[] {
    const namespaces = this.#names().get(name);
    if (namespaces === undefined) return [];
    return typeof namespaces === 'string' ? [namespaces] : [...namespaces];
  }

  /** Every bare name. */
  names(): IterableIterator<string> {
    return this.#names().keys();
  }

  #names(): Map<string, string | Set<string>> {
    if (this.#byName) return this.#byName;
    const byName = new Map<string, string | Set<string>>();
    for (const [namespace, names] of this.#byNamespace)
      for (const name of names.keys()) addName(byName, name, namespace);
    this.#byName = byName;
    return byName;
  }

  /** Every tool as `namespace.name` with its versions, sorted by that key. */
  sorted(): { key: string; versions: readonly string[] }[] {
    const tools: { key: string; versions: readonly string[] }[] = [];
    for (const [namespace, names] of this.#byNamespace)
      for (const [name, versions] of names)
        tools.push({
          key: `${namespace}.${name}`,
          versions: typeof versions === 'string' ? [versions] : versions,
        });
    return tools.sort((a, b) => (a.key < b.key ? -1 : 1));
  }
}

function addName(byName: Map<string, string | Set<string>>, name: string, namespace: string) {
  const namespaces = byName.get(name);
  if (namespaces === undefined) byName.set(name, namespace);
  else if (typeof namespaces !== 'string') namespaces.add(namespace);
  else if (namespaces !== namespace) byName.set(name, new Set([namespaces, namespace]));
}

function removeName(byName: Map<string, string | Set<string>>, name: string, namespace: string) {
  const namespaces = byName.get(name);
  if (namespaces === namespace) byName.delete(name);
  else if (typeof namespaces === 'object') {
    namespaces.delete(namespace);
    if (namespaces.size === 1) byName.set(name, [...namespaces][0]!);
    else if (namespaces.size === 0) byName.delete(name);
  }
}

/** A namespace as clients that allow no dots in tool names see it: `acme.billing` → `acme_billing`. */
export function joinedNamespace(namespace: string): string {
  return namespace.replaceAll('.', '_');
}

/** The newest of several versions (the first of equals). */
export function newest(versions: readonly string[]): string {
  let best = versions[0]!;
  for (let i = 1; i < versions.length; i++)
    if (compareQualified(versions[i]!, best) > 0) best = versions[i]!;
  return best;
}

export function compareQualified(a: string, b: string): number {
  return compareSemver(a.slice(a.lastIndexOf(':') + 1), b.slice(b.lastIndexOf(':') + 1));
}
