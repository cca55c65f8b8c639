/**
 * The vectors of recent queries, least recently used dropped first: an agent asks the same
 * thing turn after turn, and each embedding is a paid, slow network call.
 */
export class QueryEmbeddingCache {
  readonly #entries = new Map<string, Float32Array>();

  /** `capacity` is the number of queries kept; 0 keeps none. */
  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached vector of `query`, or the one `embed` produces (then cached). A failed `embed`
   * is not cached. Concurrent first calls each embed: sharing one call would let one caller's
   * abort cancel another's retrieval.
   */
  async get(query: string, embed: () => Promise<Float32Array>): Promise<Float32Array> {
    if (this.capacity <= 0) return embed();
    const cached = this.#entries.get(query);
    if (cached) {
      this.#entries.delete(query);
      this.#entries.set(query, cached);
      return cached;
    }
    const vector = await embed();
    this.#remember(query, vector);
    return vector;
  }

  clear(): void {
    this.#entries.clear();
  }

  #remember(query: string, vector: Float32Array): void {
    this.#entries.set(query, vector);
    while (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
