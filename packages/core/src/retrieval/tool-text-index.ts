import type { ToolDefinition } from '../tool/tool-definition.js';
import { DescriptionStatistics, parameterWeightFor } from './catalog-field-weights.js';
import { LexicalIndex } from './lexical-index.js';
import type { LexicalFieldOptions, LexicalSearchWork } from './lexical-types.js';
import { SharedParameters } from './shared-parameters.js';
import { toLexicalParts } from './tool-document.js';

/** A derived field weight is applied once it moves this share of the configured weight. */
const WEIGHT_DRIFT = 0.05;

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
  /** Set when field weights follow the catalog's statistics. */
  readonly #descriptions: DescriptionStatistics | undefined;
  readonly #configured: { description: number; parameters: number } | undefined;

  constructor(options: {
    fields: Readonly<Record<string, LexicalFieldOptions>>;
    k1: number;
    queryTermSaturation?: number;
    /** The tools indexed: every one added and not removed since. */
    tools: () => Iterable<ToolDefinition>;
    /** Let the parameters field's weight follow how much descriptions tell tools apart. */
    catalogWeights?: boolean;
    /** Counters the searches add their work to. */
    work?: LexicalSearchWork;
  }) {
    this.lexical = new LexicalIndex(options);
    this.#tools = options.tools;
    const description = options.fields.description?.weight;
    const parameters = options.fields.parameters?.weight;
    if (options.catalogWeights !== false && description !== undefined && parameters !== undefined) {
      this.#descriptions = new DescriptionStatistics();
      this.#configured = { description, parameters };
    }
  }

  /** Index a tool; `previous`, the version of it indexed before, when it replaces one. */
  add(tool: ToolDefinition, previous?: ToolDefinition): void {
    if (previous && this.lexical.has(previous.qualifiedName)) this.remove(previous);
    this.#shared.add(tool);
    this.#descriptions?.add(tool.description);
    this.#index(tool);
    this.#dirty = true;
  }

  remove(tool: ToolDefinition): void {
    const id = tool.qualifiedName;
    if (!this.lexical.has(id)) return;
    this.#shared.remove(tool);
    this.#descriptions?.remove(tool.description);
    this.#signatures.delete(id);
    this.lexical.remove(id);
    this.#dirty = true;
  }

  /** The index, up to date with the catalog's boilerplate. */
  current(): LexicalIndex {
    if (this.#dirty) {
      this.#dirty = false;
      // No tool indexed with boilerplate and none to find now: no tool's changed (most catalogs).
      const unchanged = this.#signatures.size === 0 && this.#shared.none;
      if (!unchanged) {
        for (const tool of [...this.#tools()]) {
          const signature = this.#signatures.get(tool.qualifiedName) ?? '';
          if (this.#shared.signature(tool) !== signature) this.#index(tool);
        }
      }
      this.lexical.trim();
      this.#followCatalog();
    }
    return this.lexical;
  }

  /**
   * Re-weights the parameters field when the catalog's descriptions changed how much they tell
   * tools apart; small drifts are ignored, as each change recomputes every posting.
   */
  #followCatalog(): void {
    if (!this.#descriptions || !this.#configured) return;
    const target = parameterWeightFor(this.#configured, this.#descriptions.distinctShare);
    const current = this.lexical.fieldWeight('parameters') ?? target;
    if (Math.abs(target - current) > WEIGHT_DRIFT * this.#configured.parameters)
      this.lexical.setFieldWeight('parameters', target);
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
