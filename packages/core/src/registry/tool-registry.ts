import { InvalidArgumentError, ToolNameCollisionError } from '../errors/arsenal-error.js';
import type { Executor } from '../ports/executor.js';
import type { StandardSchemaV1 } from '../schema/standard-schema.js';
import { closestNames } from '../text/suggest.js';
import {
  type CreateToolDefinitionOptions,
  parseQualifiedName,
} from '../tool/create-tool-definition.js';
import { isFunctionTool } from '../tool/define-tool.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { formatQualifiedName } from '../tool/tool-name.js';
import { findNameCollision } from './name-collisions.js';
import {
  createFunctionToolExecutor,
  definitionOf,
  type ToolRegistration,
} from './registration-input.js';
import { compareQualified, newest, ToolVersions } from './tool-versions.js';
import type { ResolvedTool, ToolResolver } from './types.js';

export { definitionOf, type ToolRegistration } from './registration-input.js';

/**
 * Options of registering tools: defaults for inputs that do not set them, and the executor that
 * runs them.
 */
export interface RegisterOptions extends CreateToolDefinitionOptions {
  /** Namespace for inputs that do not set one. */
  namespace?: string;
  /** Source kind for inputs that do not set one. */
  source?: string;
  /** Executor that runs these tools (MCP, HTTP...). Function tools bind their own. */
  executor?: Executor;
}

/** What registering one tool did: added, updated (with the definition it replaced) or unchanged. */
export interface RegistrationOutcome {
  status: 'added' | 'updated' | 'unchanged';
  tool: ToolDefinition;
  /** The definition this one replaced (same qualified name, different content). */
  previous?: ToolDefinition;
}

/** A change to the registry, as `onChange` listeners receive it. */
export type RegistryChange =
  | { type: 'added' | 'updated'; tool: ToolDefinition; previous?: ToolDefinition }
  | { type: 'removed'; tool: ToolDefinition };

/** Which registered tools to list. */
export interface ListOptions {
  namespace?: string;
  source?: string;
  /** Tools carrying this tag. */
  tag?: string;
  /** Include every version instead of only the latest of each tool. Default false. */
  allVersions?: boolean;
  includeDeprecated?: boolean;
  offset?: number;
  limit?: number;
}

interface Entry extends ResolvedTool {
  definition: ToolDefinition;
  /** Fingerprint of the plain description this definition was made from, when remembered. */
  inputFingerprint?: number;
}

/**
 * Every registered tool, by qualified name, with several versions side by side. Registering is
 * idempotent by content hash: an unchanged tool reports `unchanged` and notifies nobody, so
 * indexes never redo work for it. A new tool that would be exposed under the name of another
 * namespace's tool (`evil.svc_echo` and `svc.echo` are both `svc_echo` where dots are not
 * allowed) is refused with a ToolNameCollisionError.
 */
export class ToolRegistry implements ToolResolver {
  readonly #entries = new Map<string, Entry>();
  readonly #versions = new ToolVersions();
  readonly #aliases = new Map<string, string>();
  readonly #listeners = new Set<(change: RegistryChange) => void>();

  /**
   * Validate and register one tool. Throws ToolDefinitionError on invalid input and
   * ToolNameCollisionError when another namespace's tool is exposed under one of its names.
   * `inputFingerprint` (internal): the fingerprint of the plain description it was made from,
   * given only when it registered cleanly (no hygiene finding, no warning): registering the same
   * description again may then skip straight to `unchanged` (see `unchangedInput`).
   */
  register(
    registration: ToolRegistration,
    options: RegisterOptions = {},
    inputFingerprint?: number,
  ): RegistrationOutcome {
    let executor = options.executor;
    let inputSchema: StandardSchemaV1 | undefined;
    if (isFunctionTool(registration)) {
      // Function tools carry their definition and run in-process.
      executor = createFunctionToolExecutor(registration);
      inputSchema = registration.inputSchema;
    }
    return this.#store(
      definitionOf(registration, options),
      executor,
      inputSchema,
      inputFingerprint,
    );
  }

  /**
   * @internal Register a definition made by `createToolDefinition` (with `options.executor`),
   * as `register` would, without finding out again what kind of registration it is.
   */
  registerDefinition(
    definition: ToolDefinition,
    options: RegisterOptions,
    inputFingerprint?: number,
  ): RegistrationOutcome {
    return this.#store(definition, options.executor, undefined, inputFingerprint);
  }

  #store(
    definition: ToolDefinition,
    executor: Executor | undefined,
    inputSchema: StandardSchemaV1 | undefined,
    inputFingerprint: number | undefined,
  ): RegistrationOutcome {
    const existing = this.#entries.get(definition.qualifiedName);
    if (existing && existing.definition.contentHash === definition.contentHash) {
      if (executor) existing.executor = executor;
      if (inputSchema) existing.inputSchema = inputSchema;
      if (inputFingerprint !== undefined) existing.inputFingerprint = inputFingerprint;
      return { status: 'unchanged', tool: existing.definition };
    }
    if (!existing && !this.#versions.has(definition.namespace, definition.name))
      this.#refuseNameCollision(definition);
    this.#entries.set(definition.qualifiedName, {
      definition,
      executor,
      inputSchema,
      inputFingerprint,
    });
    if (!existing) this.#versions.add(definition);
    const change: RegistryChange = existing
      ? { type: 'updated', tool: definition, previous: existing.definition }
      : { type: 'added', tool: definition };
    this.#notify(change);
    return existing
      ? { status: 'updated', tool: definition, previous: existing.definition }
      : { status: 'added', tool: definition };
  }

  /** A new tool must not be exposed under the name of another namespace's tool. */
  #refuseNameCollision(definition: ToolDefinition): void {
    const collision = findNameCollision(this.#versions, definition.namespace, definition.name);
    if (collision === undefined) return;
    const latest = this.#versions.latest(collision.namespace, collision.name);
    const other = latest === undefined ? undefined : this.#entries.get(latest)?.definition;
    throw new ToolNameCollisionError(
      definition,
      other ?? { namespace: collision.namespace, name: collision.name, source: 'unknown' },
      collision.exposedName,
    );
  }

  /**
   * @internal The definition registered under `qualifiedName` when it was made from a plain
   * description with this fingerprint (given to `register`), binding `executor` to it as
   * `register` would: re-registering an unchanged description costs a lookup.
   */
  unchangedInput(
    qualifiedName: string,
    fingerprint: number,
    executor: Executor | undefined,
  ): ToolDefinition | undefined {
    const entry = this.#entries.get(qualifiedName);
    if (entry === undefined || entry.inputFingerprint !== fingerprint) return undefined;
    if (executor) entry.executor = executor;
    return entry.definition;
  }

  /** Remove a tool: a qualified name removes that version; a name or `namespace.name` removes every version. */
  unregister(reference: string): ToolDefinition[] {
    const removed: ToolDefinition[] = [];
    const { namespace, name, version } = parseQualifiedName(reference);
    const namespaces = namespace ? [namespace] : this.#versions.namespacesOf(name);
    for (const space of namespaces) {
      for (const qualified of [...this.#versions.versions(space, name)]) {
        if (version !== undefined && !qualified.endsWith(`:${version}`)) continue;
        const entry = this.#entries.get(qualified);
        if (!entry) continue;
        this.#entries.delete(qualified);
        this.#versions.remove(entry.definition);
        removed.push(entry.definition);
        this.#notify({ type: 'removed', tool: entry.definition });
      }
    }
    return removed;
  }

  /** Another name a tool can be called by. */
  alias(alias: string, reference: string): void {
    if (!this.resolve(reference)) {
      throw new InvalidArgumentError(
        `Cannot alias "${alias}" to "${reference}": no such tool is registered.`,
      );
    }
    this.#aliases.set(alias, reference);
  }

  /** The definition a reference resolves to (see `resolve`). */
  get(reference: string): ToolDefinition | undefined {
    return this.resolve(reference)?.definition;
  }

  resolve(reference: string): ResolvedTool | undefined {
    const direct = this.#entries.get(reference);
    if (direct) return direct;
    const aliased = this.#aliases.get(reference);
    if (aliased !== undefined && aliased !== reference) return this.resolve(aliased);
    const { namespace, name, version } = parseQualifiedName(reference);
    let space = namespace;
    if (space === undefined) {
      const namespaces = this.#versions.namespacesOf(name);
      // A bare name is ambiguous across namespaces; prefer `default`, else refuse to guess.
      if (namespaces.length === 1) space = namespaces[0];
      else if (namespaces.includes('default')) space = 'default';
      else return undefined;
    }
    const latest = this.#versions.latest(space!, name);
    if (latest === undefined) return undefined;
    if (version !== undefined) return this.#entries.get(formatQualifiedName(space!, name, version));
    return this.#entries.get(latest);
  }

  /** Whether this qualified name is the newest version of its tool. */
  isLatest(tool: ToolDefinition): boolean {
    // While no tool has several versions, a registered name is its tool's newest: one lookup,
    // of an entry a caller has usually just read, rather than two in other maps.
    if (!this.#versions.anySeveral) return this.#entries.has(tool.qualifiedName);
    return this.#versions.isLatest(tool);
  }

  suggest(reference: string, limit = 3): string[] {
    const { name } = parseQualifiedName(reference);
    return closestNames(name, [...this.#versions.names(), ...this.#aliases.keys()], limit);
  }

  /** Tools matching the options, sorted by qualified name. */
  list(options: ListOptions = {}): ToolDefinition[] {
    const offset = options.offset ?? 0;
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    if (offset < 0 || limit < 0)
      throw new InvalidArgumentError('list: offset and limit must be >= 0.');
    const result: ToolDefinition[] = [];
    for (const { key, versions } of this.#versions.sorted()) {
      if (options.namespace !== undefined && !key.startsWith(`${options.namespace}.`)) continue;
      const qualifiedNames = options.allVersions
        ? [...versions].sort(compareQualified)
        : [newest(versions)];
      for (const qualified of qualifiedNames) {
        const tool = this.#entries.get(qualified)!.definition;
        if (options.source !== undefined && tool.source !== options.source) continue;
        if (options.tag !== undefined && !tool.tags.includes(options.tag)) continue;
        if (options.includeDeprecated === false && tool.deprecated) continue;
        result.push(tool);
      }
    }
    return result.slice(offset, offset + limit);
  }

  /** Number of registered tool versions (optionally in one namespace). */
  count(options: { namespace?: string } = {}): number {
    if (options.namespace === undefined) return this.#entries.size;
    let count = 0;
    for (const tool of this.#entries.values())
      if (tool.definition.namespace === options.namespace) count++;
    return count;
  }

  /** Every registered version, in registration order. */
  all(): IterableIterator<ToolDefinition> {
    return [...this.#entries.values()].map((entry) => entry.definition)[Symbol.iterator]();
  }

  /** Mark a tool deprecated (creates an updated definition, keeping its version). */
  deprecate(reference: string, message?: string, supersededBy?: string): ToolDefinition {
    const entry = this.resolve(reference);
    if (!entry)
      throw new InvalidArgumentError(
        `Cannot deprecate "${reference}": no such tool is registered.`,
      );
    const { qualifiedName: _q, contentHash: _h, ...input } = entry.definition;
    const outcome = this.register(
      { ...input, deprecated: true, deprecationMessage: message, supersededBy },
      { executor: entry.executor, hygiene: 'off' },
    );
    const updated = this.#entries.get(outcome.tool.qualifiedName)!;
    updated.inputSchema = entry.inputSchema;
    return outcome.tool;
  }

  /** Be told of every added, updated and removed tool. Returns the unsubscribe function. */
  onChange(listener: (change: RegistryChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #notify(change: RegistryChange): void {
    for (const listener of this.#listeners) listener(change);
  }
}

export function createToolRegistry(): ToolRegistry {
  return new ToolRegistry();
}
