import { createHash } from 'node:crypto';
import { type ToolDefinition, ToolNameCollisionError, type ToolRegistry } from '@arsenal/core';

/** Characters MCP clients accept in tool names everywhere (Claude, IDEs): letters, digits, _ and -. */
const UNSAFE_NAME_CHARACTERS = /[^A-Za-z0-9_-]/g;
/** The longest tool name MCP clients and model APIs (OpenAI, Anthropic) accept. */
const MAX_NAME_LENGTH = 64;
/** Hex digits of the hash a cut name ends with (48 bits: no other name can be found for it). */
const CUT_HASH_LENGTH = 12;

/**
 * The name `wanted` is listed under for `tool`: made of MCP-safe characters, and when longer than
 * 64 characters cut to a prefix plus `_` and a hash of the tool's full `namespace.name`. The name
 * depends on the tool alone, never on which tools were registered before it.
 */
export function exposedToolName(wanted: string, tool: Pick<ToolDefinition, 'namespace' | 'name'>) {
  const safe = wanted.replace(UNSAFE_NAME_CHARACTERS, '_');
  if (safe.length <= MAX_NAME_LENGTH) return safe;
  const hash = createHash('sha256')
    .update(`${tool.namespace}.${tool.name}`)
    .digest('hex')
    .slice(0, CUT_HASH_LENGTH);
  return `${safe.slice(0, MAX_NAME_LENGTH - CUT_HASH_LENGTH - 1)}_${hash}`;
}

/**
 * The names tools are listed under. A tool keeps its own name when no other registered tool
 * shares it; otherwise it is listed as `<namespace>_<name>`, so every listed name is unique and
 * stable between `tools/list` calls. Meta-tool names are reserved. A name longer than 64
 * characters is cut with a hash of the full name (`exposedToolName`). Two tools that would still
 * be listed under one name are both withheld, whatever their order, and the refusal is kept as a
 * `ToolNameCollisionError` (`collisions()`): no tool can take a name another is known by.
 */
export class ExposedToolNames {
  readonly #registry: ToolRegistry;
  readonly #reserved: ReadonlySet<string>;
  #byExposed = new Map<string, string>();
  #byQualified = new Map<string, string>();
  #collisions: ToolNameCollisionError[] = [];
  /** `namespace.name` of every tool withheld by a collision. */
  #withheld = new Set<string>();
  #stale = true;
  readonly #unsubscribe: () => void;

  constructor(registry: ToolRegistry, reserved: Iterable<string>) {
    this.#registry = registry;
    this.#reserved = new Set(reserved);
    this.#unsubscribe = registry.onChange(() => {
      this.#stale = true;
    });
  }

  /** The latest version of every registered tool, with the name it is listed under. */
  entries(): { name: string; tool: ToolDefinition }[] {
    this.#refresh();
    const result: { name: string; tool: ToolDefinition }[] = [];
    for (const tool of this.#registry.list()) {
      const name = this.#byQualified.get(tool.qualifiedName);
      if (name !== undefined) result.push({ name, tool });
    }
    return result;
  }

  /** The listed name of a tool. */
  nameOf(tool: ToolDefinition): string {
    this.#refresh();
    return this.#byQualified.get(tool.qualifiedName) ?? tool.name;
  }

  /** Whether the tool may be listed and called: not withheld by a name collision. */
  isListed(tool: ToolDefinition): boolean {
    this.#refresh();
    return !this.#withheld.has(`${tool.namespace}.${tool.name}`);
  }

  /** The tool a listed name stands for, or undefined. */
  lookup(name: string): ToolDefinition | undefined {
    this.#refresh();
    const qualified = this.#byExposed.get(name);
    return qualified === undefined ? undefined : this.#registry.get(qualified);
  }

  /** Tools withheld because another tool (or a meta-tool) would be listed under their name. */
  collisions(): readonly ToolNameCollisionError[] {
    this.#refresh();
    return this.#collisions;
  }

  close(): void {
    this.#unsubscribe();
  }

  #refresh(): void {
    if (!this.#stale) return;
    this.#stale = false;
    const tools = this.#registry.list();
    const counts = new Map<string, number>();
    for (const tool of tools) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
    const claims = new Map<string, ToolDefinition[]>();
    for (const tool of tools) {
      const wanted =
        counts.get(tool.name) === 1 && !this.#reserved.has(tool.name)
          ? tool.name
          : `${tool.namespace}_${tool.name}`;
      const name = exposedToolName(wanted, tool);
      const claimants = claims.get(name);
      if (claimants) claimants.push(tool);
      else claims.set(name, [tool]);
    }
    const byExposed = new Map<string, string>();
    const byQualified = new Map<string, string>();
    const collisions: ToolNameCollisionError[] = [];
    const withheld = new Set<string>();
    for (const [name, claimants] of claims) {
      const [first, second] = claimants;
      if (!first) continue;
      if (second === undefined && !this.#reserved.has(name)) {
        byExposed.set(name, first.qualifiedName);
        byQualified.set(first.qualifiedName, name);
        continue;
      }
      const other = second ?? { namespace: 'arsenal', name, source: 'meta-tool' };
      collisions.push(new ToolNameCollisionError(first, other, name));
      for (const tool of claimants) withheld.add(`${tool.namespace}.${tool.name}`);
    }
    this.#collisions = collisions;
    this.#withheld = withheld;
    this.#byExposed = byExposed;
    this.#byQualified = byQualified;
  }
}
