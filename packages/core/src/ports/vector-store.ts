/** Values a vector store keeps beside each vector, and filters on. */
export type MetadataValue = string | number | boolean | readonly string[];

/** A tool's vector and the metadata searches filter on. */
export interface VectorRecord {
  id: string;
  vector: ArrayLike<number>;
  metadata?: Record<string, MetadataValue>;
}

/**
 * A filter over metadata. A plain value means equality (or, for array fields, "contains").
 * Operators: `$eq`, `$ne`, `$in`, `$nin`, `$gt`, `$gte`, `$lt`, `$lte`, `$contains` (array field
 * holds the value). Combine with `$and` / `$or`; several keys in one object are ANDed.
 */
export type MetadataFilter =
  | { $and: readonly MetadataFilter[] }
  | { $or: readonly MetadataFilter[] }
  | { [field: string]: MetadataValue | FieldCondition };

/** Conditions on one metadata field (all must hold). */
export interface FieldCondition {
  $eq?: string | number | boolean;
  $ne?: string | number | boolean;
  $in?: readonly (string | number | boolean)[];
  $nin?: readonly (string | number | boolean)[];
  $gt?: number;
  $gte?: number;
  $lt?: number;
  $lte?: number;
  $contains?: string;
}

/** A nearest-neighbour search: the query vector, how many results, and a metadata filter. */
export interface VectorQuery {
  vector: ArrayLike<number>;
  topK: number;
  filter?: MetadataFilter;
  /** Return the stored vectors with the matches (for MMR). Default false. */
  includeVectors?: boolean;
  signal?: AbortSignal;
}

/** One record found by a search, with its similarity to the query. */
export interface VectorMatch {
  id: string;
  /** Cosine similarity in [-1, 1]; higher is closer. */
  score: number;
  metadata: Record<string, MetadataValue>;
  vector?: Float32Array;
}

/** Options of `upsert`: cancellation, and whether more upserts follow right away. */
export interface VectorUpsertOptions {
  signal?: AbortSignal;
  moreToCome?: boolean;
}

/**
 * Stores tool vectors with metadata and answers filtered nearest-neighbour queries.
 *
 * @example
 * const store = createInMemoryVectorStore();
 * await store.upsert([{ id: 'billing.refund_payment', vector, metadata: { namespace: 'billing' } }]);
 * const near = await store.query({ vector: queryVector, topK: 5, filter: { namespace: 'billing' } });
 */
export interface VectorStore {
  /** Vector length, fixed by the first upsert when not configured. */
  readonly dimensions: number | undefined;
  /**
   * Records per `upsert` call this store writes best. Registration embeds in the embedder's batch
   * size but gathers vectors until this many before writing, so a remote store sees a few large
   * writes rather than many small ones. Default 1000.
   */
  readonly upsertBatchSize?: number;
  /**
   * Insert or replace records by id. Throws a dimension_mismatch error on a wrong length.
   * `moreToCome`: this write is one of a bulk load that continues; a store may postpone costly
   * index maintenance (building an index once beats growing it row by row) until a write
   * without it. Results stay correct meanwhile.
   */
  upsert(records: readonly VectorRecord[], options?: VectorUpsertOptions): Promise<void>;
  /** Remove records; unknown ids are ignored. */
  delete(ids: readonly string[], options?: { signal?: AbortSignal }): Promise<void>;
  /** Up to `topK` matches, best first, among records passing the filter. */
  query(query: VectorQuery): Promise<VectorMatch[]>;
  /** Records by id (missing ids are skipped), with their vectors. */
  get(ids: readonly string[], options?: { signal?: AbortSignal }): Promise<VectorRecord[]>;
  /** How many records the store holds. */
  count(options?: { signal?: AbortSignal }): Promise<number>;
  /** Remove every record. */
  clear(options?: { signal?: AbortSignal }): Promise<void>;
  /** Release connections. */
  close?(): Promise<void>;
}
