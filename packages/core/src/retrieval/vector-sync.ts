import { throwIfAborted } from '../errors/arsenal-error.js';
import { EmbedderError } from '../errors/model-errors.js';
import type { Embedder } from '../ports/embedder.js';
import type {
  MetadataFilter,
  MetadataValue,
  VectorMatch,
  VectorRecord,
  VectorStore,
} from '../ports/vector-store.js';
import type { RegistryChange } from '../registry/tool-registry.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { QueryEmbeddingCache } from './query-embedding-cache.js';
import { toEmbeddingText } from './tool-document.js';

import type { RetrievalRequest } from './types.js';

/** Query vectors kept by default: a few hundred queries cost well under a megabyte. */
export const DEFAULT_QUERY_CACHE_SIZE = 256;
/** Records per store write when the store states no preference. */
export const DEFAULT_UPSERT_BATCH_SIZE = 1000;

/**
 * Keeps a vector store in step with the registry: added or changed tools are queued for
 * embedding, removed ones for deletion. Unchanged re-registrations never reach the queue.
 */
export class VectorSync {
  readonly #pending = new Map<string, ToolDefinition>();
  readonly #deletes = new Set<string>();
  /** Deprecated tools, so queries can skip them without a store-side filter (see `query`). */
  readonly #deprecated = new Set<string>();
  readonly #queryCache: QueryEmbeddingCache;

  /** `queryCacheSize`: recent query vectors kept (0 embeds every query anew). */
  constructor(
    readonly embedder: Embedder,
    readonly store: VectorStore,
    queryCacheSize = DEFAULT_QUERY_CACHE_SIZE,
  ) {
    this.#queryCache = new QueryEmbeddingCache(queryCacheSize);
  }

  get pending(): number {
    return this.#pending.size;
  }

  /** Removed tools whose vectors the store still holds. */
  get pendingDeletes(): number {
    return this.#deletes.size;
  }

  apply(change: RegistryChange): void {
    const id = change.tool.qualifiedName;
    if (change.type !== 'removed' && change.tool.deprecated) this.#deprecated.add(id);
    else this.#deprecated.delete(id);
    if (change.type === 'removed') {
      this.#pending.delete(id);
      this.#deletes.add(id);
    } else {
      this.#deletes.delete(id);
      this.#pending.set(id, change.tool);
    }
  }

  async sync(
    options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<void> {
    if (this.#deletes.size > 0) {
      const ids = [...this.#deletes];
      // Forget them only once the store confirms: a store that is down keeps them queued.
      await this.store.delete(ids, { signal: options.signal });
      for (const id of ids) this.#deletes.delete(id);
    }
    const embedBatch = this.embedder.maxBatchSize ?? 64;
    const writeBatch = Math.max(
      embedBatch,
      this.store.upsertBatchSize ?? DEFAULT_UPSERT_BATCH_SIZE,
    );
    const total = this.#pending.size;
    let done = 0;
    while (this.#pending.size > 0) {
      throwIfAborted(options.signal);
      const chunk = [...take(this.#pending.values(), writeBatch)];
      const records: VectorRecord[] = [];
      for (let start = 0; start < chunk.length; start += embedBatch) {
        const batch = chunk.slice(start, start + embedBatch);
        const vectors = await this.embedder.embed(batch.map(toEmbeddingText), {
          kind: 'document',
          signal: options.signal,
        });
        if (vectors.length !== batch.length) {
          throw new EmbedderError(
            `Embedder "${this.embedder.id}" returned ${vectors.length} vectors for ${batch.length} texts; it must return one vector per text, in order.`,
          );
        }
        batch.forEach((tool, index) => {
          records.push({
            id: tool.qualifiedName,
            vector: vectors[index]!,
            metadata: vectorMetadata(tool),
          });
        });
      }
      const moreToCome = this.#pending.size > chunk.length;
      await this.store.upsert(records, { signal: options.signal, moreToCome });
      for (const tool of chunk) {
        // Only drop it if it was not replaced while it was being embedded.
        if (this.#pending.get(tool.qualifiedName) === tool)
          this.#pending.delete(tool.qualifiedName);
      }
      done += chunk.length;
      options.onProgress?.(done, total);
    }
  }

  /** The query's vector; a query embedded recently costs no embedding call. */
  embedQuery(query: string, signal?: AbortSignal): Promise<Float32Array> {
    return this.#queryCache.get(query, async () => {
      const [vector] = await this.embedder.embed([query], { kind: 'query', signal });
      if (!vector) {
        throw new EmbedderError(
          `Embedder "${this.embedder.id}" returned no vector for the query; it must return one vector per text.`,
        );
      }
      return vector;
    });
  }

  /**
   * The store's nearest `topK` to `vector` under the request's filters. Deprecated tools are
   * usually few: rather than a store-side filter matching nearly every record (which costs some
   * stores a scan), the query asks for as many extra matches as there are deprecated tools and
   * leaves them to the retriever's own filter. Only when they outnumber `topK` does the store
   * filter them.
   */
  query(vector: Float32Array, topK: number, request: RetrievalRequest): Promise<VectorMatch[]> {
    const excludeDeprecated = request.filters?.excludeDeprecated ?? true;
    const deprecated = excludeDeprecated ? this.#deprecated.size : 0;
    const storeFilters = deprecated > topK;
    return this.store.query({
      vector,
      topK: storeFilters ? topK : topK + deprecated,
      filter: toMetadataFilter(request, storeFilters),
      includeVectors: true,
      signal: request.signal,
    });
  }
}

function vectorMetadata(tool: ToolDefinition): Record<string, MetadataValue> {
  return {
    name: tool.name,
    namespace: tool.namespace,
    source: tool.source,
    deprecated: tool.deprecated,
    tags: [...tool.tags],
  };
}

/** The part of the request filters a vector store can apply itself (the rest is checked after). */
function toMetadataFilter(
  request: RetrievalRequest,
  excludeDeprecated: boolean,
): MetadataFilter | undefined {
  const clauses: MetadataFilter[] = [];
  const filters = request.filters;
  if (filters?.namespaces) clauses.push({ namespace: { $in: [...filters.namespaces] } });
  if (filters?.sources) clauses.push({ source: { $in: [...filters.sources] } });
  if (excludeDeprecated) clauses.push({ deprecated: false });
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

function* take<T>(values: Iterable<T>, count: number): Generator<T> {
  if (count <= 0) return;
  let taken = 0;
  for (const value of values) {
    yield value;
    if (++taken >= count) return;
  }
}
