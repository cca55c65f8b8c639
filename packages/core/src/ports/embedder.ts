/** Turns texts into vectors. Queries and documents may be embedded differently (E5, Cohere). */
export interface Embedder {
  /** Stable id of the model (`openai:text-embedding-3-small`): a changed id means re-embedding. */
  readonly id: string;
  readonly dimensions: number;
  /** Largest batch one call accepts; callers split bigger inputs. */
  readonly maxBatchSize?: number;
  embed(
    texts: readonly string[],
    options?: { kind?: 'query' | 'document'; signal?: AbortSignal },
  ): Promise<Float32Array[]>;
}
