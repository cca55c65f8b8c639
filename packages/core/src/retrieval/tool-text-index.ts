import type { ToolDefinition } from '../tool/tool-definition.js';
import { type LexicalFieldOptions, LexicalIndex } from './lexical-index.js';
import { SharedParameters } from './shared-parameters.js';
import { toLexicalDocument } from './tool-document.js';

/**
 * The lexical index of the tools, kept in step with the registry. What counts as boilerplate
 * parameters depends on the whole catalog, so after changes the tools whose boilerplate changed
 * (usually only those indexed early in a batch) are indexed again before the next search.
 */
export class ToolTextIndex {
  readonly lexical: LexicalIndex;
  readonly #shared = new SharedParameters();
  /** Each indexed tool. */
  readonly #indexed = new Map<string, ToolDefinition>();
  /** The boilerplate parameters a tool was indexed with, when it had any (few tools do). */
  readonly #signatures = new Map<string, string>();
  #dirty = false;

  constructor(options: {
    fields: Readonly<Record<string, LexicalFieldOptions>>;
    k1: number;
    queryTermSaturation?: number;
  }) {
    this.lexical = new LexicalIndex(options);
  }

  add(tool: ToolDefinition): void {
    this.remove(tool.qualifiedName);
    this.#shared.add(tool);
    this.#index(tool);
    this.#dirty = true;
  }

  remove(id: string): void {
    const previous = this.#indexed.get(id);
    if (!previous) return;
    this.#shared.remove(previous);
    this.#indexed.delete(id);
    this.#signatures.delete(id);
    this.lexical.remove(id);
    this.#dirty = true;
  }

  /** The index, up to date with the catalog's boilerplate. */
  current(): LexicalIndex {
    if (this.#dirty) {
      this.#dirty = false;
      for (const tool of [...this.#indexed.values()]) {
        const signature = this.#signatures.get(tool.qualifiedName) ?? '';
        if (this.#shared.signature(tool) !== signature) this.#index(tool);
      }
      this.lexical.trim();
    }
    return this.lexical;
  }

  #index(tool: ToolDefinition): void {
    const shared = this.#shared;
    this.#indexed.set(tool.qualifiedName, tool);
    const signature = shared.signature(tool);
    if (signature === '') this.#signatures.delete(tool.qualifiedName);
    else this.#signatures.set(tool.qualifiedName, signature);
    this.lexical.add(
      tool.qualifiedName,
      toLexicalDocument(tool, (key) => shared.isShared(tool, key)),
    );
  }
}
