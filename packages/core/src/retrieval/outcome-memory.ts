import { LexicalIndex } from './lexical-index.js';

/** One remembered success: this query was answered by this tool. */
export interface Outcome {
  query: string;
  /** Qualified name of the tool that succeeded. */
  tool: string;
  /** Epoch milliseconds. Default: now. */
  at?: number;
  /** Other tools used in the same turn or conversation (co-usage). */
  usedWith?: readonly string[];
}

export interface OutcomeMemoryOptions {
  /** Most outcomes kept; the oldest are forgotten first. Default 20,000. */
  capacity?: number;
  /** Age at which an outcome counts half, in milliseconds. Default 30 days. */
  halfLifeMs?: number;
  /**
   * How closely (0–1) a query must match a tool's past queries before it counts; matches above
   * are rescaled to 0–1. Default 0.2: weaker resemblance is mostly shared filler words.
   */
  minSimilarity?: number;
  /** Most tools suggested per retrieval. Default 25. */
  neighbours?: number;
  clock?: () => number;
}

interface StoredOutcome {
  query: string;
  at: number;
  sequence: number;
}

const QUERY_FIELDS = { queries: { weight: 1, b: 0.3 } } as const;
const QUERIES_PER_TOOL = 64;

/**
 * What worked before: for every tool, the recent queries it answered successfully, indexed as
 * one more text field of that tool. A new query resembling those queries points to the tool
 * (BM25, so words every request shares count for little), weighted by how recently it last
 * succeeded. Co-usage remembers which tools go together.
 */
export class OutcomeMemory {
  readonly #capacity: number;
  readonly #halfLifeMs: number;
  readonly #neighbours: number;
  readonly #minSimilarity: number;
  readonly #clock: () => number;
  readonly #index = new LexicalIndex({ fields: QUERY_FIELDS, k1: 1.2 });
  /** Tool → its remembered successes, oldest first. */
  readonly #byTool = new Map<string, StoredOutcome[]>();
  /** Every outcome in arrival order, for capacity eviction. */
  readonly #order: { tool: string; sequence: number }[] = [];
  #sequence = 0;
  #orderStart = 0;
  readonly #dirty = new Set<string>();
  readonly #coUsage = new Map<string, Map<string, number>>();
  #size = 0;

  constructor(options: OutcomeMemoryOptions = {}) {
    this.#capacity = options.capacity ?? 20_000;
    this.#halfLifeMs = options.halfLifeMs ?? 30 * 24 * 3600 * 1000;
    this.#neighbours = options.neighbours ?? 25;
    this.#minSimilarity = options.minSimilarity ?? 0.2;
    this.#clock = options.clock ?? Date.now;
  }

  get size(): number {
    return this.#size;
  }

  /** Remember a success. */
  record(outcome: Outcome): void {
    if (
      typeof outcome.query !== 'string' ||
      outcome.query.trim() === '' ||
      typeof outcome.tool !== 'string'
    ) {
      return;
    }
    let list = this.#byTool.get(outcome.tool);
    if (!list) {
      list = [];
      this.#byTool.set(outcome.tool, list);
    }
    const sequence = this.#sequence++;
    list.push({ query: outcome.query, at: outcome.at ?? this.#clock(), sequence });
    this.#size++;
    if (list.length > QUERIES_PER_TOOL) {
      list.shift();
      this.#size--;
    }
    this.#order.push({ tool: outcome.tool, sequence });
    this.#dirty.add(outcome.tool);
    for (const other of outcome.usedWith ?? []) {
      if (other === outcome.tool) continue;
      this.#bumpCoUsage(outcome.tool, other);
      this.#bumpCoUsage(other, outcome.tool);
    }
    while (this.#size > this.#capacity && this.#orderStart < this.#order.length) {
      const { tool, sequence: oldestSequence } = this.#order[this.#orderStart++]!;
      const list = this.#byTool.get(tool);
      // Skip entries the per-tool cap already dropped.
      if (list && list[0]?.sequence === oldestSequence) {
        list.shift();
        this.#size--;
        this.#dirty.add(tool);
      }
    }
    if (this.#orderStart > 4096) {
      this.#order.splice(0, this.#orderStart);
      this.#orderStart = 0;
    }
  }

  /**
   * Tools whose past queries resemble this one, each scored in [0,1]: how well the query
   * matches what the tool answered before, halved for every half-life since its last success.
   * Empty when nothing similar was seen.
   */
  suggest(query: string): Map<string, number> {
    this.#reindexDirty();
    const scores = new Map<string, number>();
    if (this.#size === 0) return scores;
    const now = this.#clock();
    const { hits } = this.#index.search(query, { limit: this.#neighbours });
    for (const hit of hits) {
      const list = this.#byTool.get(hit.id);
      const newest = list?.[list.length - 1];
      if (!newest) continue;
      const similarity = (hit.normalized - this.#minSimilarity) / (1 - this.#minSimilarity);
      if (similarity <= 0) continue;
      const decay = 0.5 ** (Math.max(0, now - newest.at) / this.#halfLifeMs);
      scores.set(hit.id, similarity * decay);
    }
    return scores;
  }

  /** Tools often used together with `tool`, most frequent first. */
  usedWith(tool: string, limit = 5): string[] {
    const counts = this.#coUsage.get(tool);
    if (!counts) return [];
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name]) => name);
  }

  /** Every remembered outcome (to persist), oldest first within each tool. */
  export(): Outcome[] {
    const outcomes: Outcome[] = [];
    for (const [tool, list] of this.#byTool) {
      for (const { query, at } of list) outcomes.push({ query, tool, at });
    }
    return outcomes.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  }

  clear(): void {
    this.#byTool.clear();
    this.#order.length = 0;
    this.#orderStart = 0;
    this.#dirty.clear();
    this.#index.clear();
    this.#coUsage.clear();
    this.#size = 0;
  }

  /** Re-index the tools whose remembered queries changed since the last search. */
  #reindexDirty(): void {
    for (const tool of this.#dirty) {
      const list = this.#byTool.get(tool);
      if (!list || list.length === 0) {
        this.#byTool.delete(tool);
        this.#index.remove(tool);
      } else {
        this.#index.add(tool, { queries: list.map((outcome) => outcome.query).join('\n') });
      }
    }
    this.#dirty.clear();
  }

  #bumpCoUsage(tool: string, other: string): void {
    let counts = this.#coUsage.get(tool);
    if (!counts) {
      counts = new Map();
      this.#coUsage.set(tool, counts);
    }
    counts.set(other, (counts.get(other) ?? 0) + 1);
    if (counts.size > 50) {
      const weakest = [...counts].sort((a, b) => a[1] - b[1])[0]![0];
      counts.delete(weakest);
    }
  }
}
