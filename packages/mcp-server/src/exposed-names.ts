import type { ToolDefinition, ToolRegistry } from '@arsenal/core';

/** Characters MCP clients accept in tool names everywhere (Claude, IDEs): letters, digits, _ and -. */
const UNSAFE_NAME_CHARACTERS = /[^A-Za-z0-9_-]/g;
const MAX_NAME_LENGTH = 64;

/**
 * The names tools are listed under. A tool keeps its own name when no other registered tool
 * shares it; otherwise it is listed as `<namespace>_<name>`, so every listed name is unique and
 * stable between `tools/list` calls. Meta-tool names are reserved.
 */
export class ExposedToolNames {
  readonly #registry: ToolRegistry;
  readonly #reserved: ReadonlySet<string>;
  #byExposed = new Map<string, string>();
  #byQualified = new Map<string, string>();
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

  /** The tool a listed name stands for, or undefined. */
  lookup(name: string): ToolDefinition | undefined {
    this.#refresh();
    const qualified = this.#byExposed.get(name);
    return qualified === undefined ? undefined : this.#registry.get(qualified);
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
    const byExposed = new Map<string, string>();
    const byQualified = new Map<string, string>();
    const taken = new Set(this.#reserved);
    // Unique names first, so a prefixed name never steals a tool's own name.
    const ordered = [...tools].sort(
      (a, b) => (counts.get(a.name) === 1 ? 0 : 1) - (counts.get(b.name) === 1 ? 0 : 1),
    );
    for (const tool of ordered) {
      const wanted =
        counts.get(tool.name) === 1 && !taken.has(tool.name)
          ? tool.name
          : `${tool.namespace}_${tool.name}`;
      let name = wanted.replace(UNSAFE_NAME_CHARACTERS, '_').slice(0, MAX_NAME_LENGTH);
      for (let suffix = 2; taken.has(name); suffix++) {
        const tail = `_${suffix}`;
        name = `${wanted.slice(0, MAX_NAME_LENGTH - tail.length)}${tail}`;
      }
      taken.add(name);
      byExposed.set(name, tool.qualifiedName);
      byQualified.set(tool.qualifiedName, name);
    }
    this.#byExposed = byExposed;
    this.#byQualified = byQualified;
  }
}
