/**
 * Turns texts into vectors. Queries and documents may be embedded differently (E5, Cohere).
 *
 * @example
 * // Semantic retrieval: an embedder and a vector store next to BM25F.
 * const arsenal = createArsenal({
 *   embedder: createOpenAIEmbedder({ model: 'text-embedding-3-small' }),
 *   vectorStore: createInMemoryVectorStore(),
 * });
 */
export interface Embedder {
  /** Stable id of the model (`openai:text-embedding-3-small`): a changed id means re-embedding. */
  readonly id: string;
  readonly dimensions: number;
  /** Largest batch one call accepts; callers split bigger inputs. */
  readonly maxBatchSize?: number;
  /** Vectors for the texts, in their order, each of `dimensions` numbers. */
  embed(
    texts: readonly string[],
    options?: { kind?: 'query' | 'document'; signal?: AbortSignal },
  ): Promise<Float32Array[]>;
}
