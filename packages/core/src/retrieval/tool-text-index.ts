import type { ToolDefinition } from '../tool/tool-definition.js';
import { LexicalIndex } from './lexical-index.js';
import type { LexicalFieldOptions } from './lexical-types.js';
import { SharedParameters } from './shared-parameters.js';
import { toLexicalParts } from './tool-document.js';

/**
 * The lexical index of the tools, kept in step with the registry. What counts as boilerplate
 * parameters depends on the whole catalog, so after changes the tools whose boilerplate changed
 * (usually only those indexed early in a batch) are indexed again before the next search.
 */
export class ToolTextIndex {
  readonly lexical: LexicalIndex;
  readonly #shared = new SharedParameters();
  /**
   * Every indexed tool: the catalog's own list (the registry's), rather than a map of them
   * here (a map entry per tool).
   */
  readonly #tools: () => Iterable<ToolDefinition>;
  /** The boilerplate parameters a tool was indexed with, when it had any (few tools do). */
  readonly #signatures = new Map<string, string>();
  #dirty = false;

  constructor(options: {
    fields: Readonly<Record<string, LexicalFieldOptions>>;
    k1: number;
    queryTermSaturation?: number;
    /** The tools indexed: every one added and not removed since. */
    tools: () => Iterable<ToolDefinition>;
  }) {
    this.lexical = new LexicalIndex(options);
    this.#tools = options.tools;
  }

  /** Index a tool; `previous`, the version of it indexed before, when it replaces one. */
  add(tool: ToolDefinition, previous?: ToolDefinition): void {
    if (previous && this.lexical.has(previous.qualifiedName)) this.remove(previous);
    this.#shared.add(tool);
    this.#index(tool);
    this.#dirty = true;
  }

  remove(tool: ToolDefinition): void {
    const id = tool.qualifiedName;
    if (!this.lexical.has(id)) return;
    this.#shared.remove(tool);
    this.#signatures.delete(id);
    this.lexical.remove(id);
    this.#dirty = true;
  }

  /** The index, up to date with the catalog's boilerplate. */
  current(): LexicalIndex {
    if (this.#dirty) {
      this.#dirty = false;
      for (const tool of [...this.#tools()]) {
        const signature = this.#signatures.get(tool.qualifiedName) ?? '';
        if (this.#shared.signature(tool) !== signature) this.#index(tool);
      }
      this.lexical.trim();
    }
    return this.lexical;
  }

  #index(tool: ToolDefinition): void {
    const sharedKeys = this.#shared.sharedKeys(tool);
    if (sharedKeys.length === 0) this.#signatures.delete(tool.qualifiedName);
    else this.#signatures.set(tool.qualifiedName, sharedKeys.join('\u0000'));
    this.lexical.add(
      tool.qualifiedName,
      toLexicalParts(tool, sharedKeys.length === 0 ? undefined : (key) => sharedKeys.includes(key)),
    );
  }
}
