import type { Arsenal, Principal, ToolDefinition } from '@arsenal/core';
import { matchGlob } from '@arsenal/core/adapter';
import { toMcpTool } from '@arsenal/transcoder-mcp';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ExposedToolNames } from './exposed-names.js';

/**
 * The registered tools as one caller may see them: listed names, visibility under the security
 * policy, pinned tools and MCP encodings (cached by content hash).
 */
export class ToolCatalog {
  readonly #arsenal: Arsenal;
  readonly #names: ExposedToolNames;
  readonly #pinned: readonly string[];
  readonly #includeArsenalMeta: boolean;
  readonly #encoded = new Map<string, { hash: string; name: string; tool: Tool }>();

  constructor(
    arsenal: Arsenal,
    options: { reserved: Iterable<string>; pinned: readonly string[]; includeArsenalMeta: boolean },
  ) {
    this.#arsenal = arsenal;
    this.#names = new ExposedToolNames(arsenal.registry, options.reserved);
    this.#pinned = options.pinned;
    this.#includeArsenalMeta = options.includeArsenalMeta;
  }

  /** Whether the policy lets this principal see (and so call) the tool. */
  isVisible(tool: ToolDefinition, principal: Principal | undefined): boolean {
    return (
      this.#arsenal.isVisible(tool, principal) && !tool.deprecated && this.#names.isListed(tool)
    );
  }

  /** Whether the tool matches a pinned pattern (name, `namespace.name`, qualified or listed name). */
  isPinned(tool: ToolDefinition): boolean {
    if (this.#pinned.length === 0) return false;
    const names = [
      tool.name,
      `${tool.namespace}.${tool.name}`,
      tool.qualifiedName,
      this.#names.nameOf(tool),
    ];
    return this.#pinned.some((pattern) => names.some((name) => matchGlob(pattern, name)));
  }

  /** Every tool the principal may see, encoded for `tools/list`. */
  list(principal: Principal | undefined, only?: (tool: ToolDefinition) => boolean): Tool[] {
    const tools: Tool[] = [];
    for (const { name, tool } of this.#names.entries()) {
      if (!this.isVisible(tool, principal)) continue;
      if (only && !only(tool)) continue;
      tools.push(this.encode(tool, name));
    }
    return tools;
  }

  /** The MCP encoding of a tool under its listed name. */
  encode(tool: ToolDefinition, name = this.#names.nameOf(tool)): Tool {
    const cached = this.#encoded.get(tool.qualifiedName);
    if (cached && cached.hash === tool.contentHash && cached.name === name) return cached.tool;
    const encoded = {
      ...toMcpTool(tool, { includeArsenalMeta: this.#includeArsenalMeta }),
      name,
    } as Tool;
    this.#encoded.set(tool.qualifiedName, { hash: tool.contentHash, name, tool: encoded });
    return encoded;
  }

  nameOf(tool: ToolDefinition): string {
    return this.#names.nameOf(tool);
  }

  /**
   * The tool a caller means: a listed name first, then anything the registry resolves (name,
   * `namespace.name`, qualified name, alias). Undefined when unknown or not visible.
   */
  find(reference: string, principal: Principal | undefined): ToolDefinition | undefined {
    const tool =
      this.#names.lookup(reference) ?? this.#arsenal.registry.resolve(reference)?.definition;
    return tool && this.isVisible(tool, principal) ? tool : undefined;
  }

  /** Listed names of visible tools close to `reference`, for "did you mean". */
  suggest(reference: string, principal: Principal | undefined): string[] {
    const suggestions: string[] = [];
    for (const name of this.#arsenal.registry.suggest(reference, 6)) {
      const tool = this.#arsenal.registry.get(name);
      if (tool && this.isVisible(tool, principal)) suggestions.push(this.#names.nameOf(tool));
      if (suggestions.length === 3) break;
    }
    return suggestions;
  }

  close(): void {
    this.#names.close();
  }
}
