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
  /** Similar past queries consulted per retrieval. Default 25. */
  neighbours?: number;
  clock?: () => number;
}

interface StoredOutcome {
  id: string;
  query: string;
  tool: string;
  at: number;
}

const QUERY_FIELDS = { query: { weight: 1, b: 0.5 } } as const;

/**
 * What worked before: past (query → tool) successes, searched like a small index of queries.
 * A new query that resembles past ones points to the tools that answered them, weighted by
 * similarity and decayed by age. Co-usage remembers which tools go together.
 */
export class OutcomeMemory {
  readonly #capacity: number;
  readonly #halfLifeMs: number;
  readonly #neighbours: number;
  readonly #clock: () => number;
  readonly #index = new LexicalIndex({ fields: QUERY_FIELDS, k1: 1.2 });
  readonly #outcomes = new Map<string, StoredOutcome>();
  readonly #coUsage = new Map<string, Map<string, number>>();
  #sequence = 0;

  constructor(options: OutcomeMemoryOptions = {}) {
    this.#capacity = options.capacity ?? 20_000;
    this.#halfLifeMs = options.halfLifeMs ?? 30 * 24 * 3600 * 1000;
    this.#neighbours = options.neighbours ?? 25;
    this.#clock = options.clock ?? Date.now;
  }

  get size(): number {
    return this.#outcomes.size;
  }

  /** Remember a success. */
  record(outcome: Outcome): void {
    if (
      typeof outcome.query !== 'string' ||
      outcome.query.trim() === '' ||
      typeof outcome.tool !== 'string'
    )
      return;
    const id = `o${this.#sequence++}`;
    const stored = {
      id,
      query: outcome.query,
      tool: outcome.tool,
      at: outcome.at ?? this.#clock(),
    };
    this.#outcomes.set(id, stored);
    this.#index.add(id, { query: outcome.query });
    for (const other of outcome.usedWith ?? []) {
      if (other === outcome.tool) continue;
      this.#bumpCoUsage(outcome.tool, other);
      this.#bumpCoUsage(other, outcome.tool);
    }
    while (this.#outcomes.size > this.#capacity) {
      const oldest = this.#outcomes.keys().next().value as string;
      this.#outcomes.delete(oldest);
      this.#index.remove(oldest);
    }
  }

  /**
   * Tools that answered queries like this one, scored in [0,1] relative to the best.
   * Empty when nothing similar was seen.
   */
  suggest(query: string): Map<string, number> {
    const scores = new Map<string, number>();
    if (this.#outcomes.size === 0) return scores;
    const now = this.#clock();
    const { hits } = this.#index.search(query, { limit: this.#neighbours });
    let best = 0;
    for (const hit of hits) {
      const outcome = this.#outcomes.get(hit.id);
      if (!outcome) continue;
      const decay = 0.5 ** (Math.max(0, now - outcome.at) / this.#halfLifeMs);
      const value = (scores.get(outcome.tool) ?? 0) + hit.normalized * decay;
      scores.set(outcome.tool, value);
      if (value > best) best = value;
    }
    // Weight by how confident the closest match is, so weak resemblance gives weak suggestions.
    const confidence = hits[0]?.normalized ?? 0;
    for (const [tool, value] of scores) scores.set(tool, (value / best) * confidence);
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

  /** Every remembered outcome, oldest first (to persist). */
  export(): Outcome[] {
    return [...this.#outcomes.values()].map(({ query, tool, at }) => ({ query, tool, at }));
  }

  clear(): void {
    this.#outcomes.clear();
    this.#index.clear();
    this.#coUsage.clear();
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
