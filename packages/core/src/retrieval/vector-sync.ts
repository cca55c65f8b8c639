import { throwIfAborted } from '../errors/arsenal-error.js';
import { EmbedderError } from '../errors/model-errors.js';
import type { Embedder } from '../ports/embedder.js';
import type {
  MetadataFilter,
  MetadataValue,
  VectorMatch,
  VectorStore,
} from '../ports/vector-store.js';
import type { RegistryChange } from '../registry/tool-registry.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { QueryEmbeddingCache } from './query-embedding-cache.js';
import { toEmbeddingText } from './tool-document.js';

import type { RetrievalRequest } from './types.js';

/** Query vectors kept by default: a few hundred queries cost well under a megabyte. */
export const DEFAULT_QUERY_CACHE_SIZE = 256;

/**
 * Keeps a vector store in step with the registry: added or changed tools are queued for
 * embedding, removed ones for deletion. Unchanged re-registrations never reach the queue.
 */
export class VectorSync {
  readonly #pending = new Map<string, ToolDefinition>();
  readonly #deletes = new Set<string>();
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
    const batchSize = this.embedder.maxBatchSize ?? 64;
    const total = this.#pending.size;
    let done = 0;
    while (this.#pending.size > 0) {
      throwIfAborted(options.signal);
      const batch = [...this.#pending.values()].slice(0, batchSize);
      const vectors = await this.embedder.embed(batch.map(toEmbeddingText), {
        kind: 'document',
        signal: options.signal,
      });
      await this.store.upsert(
        batch.map((tool, index) => ({
          id: tool.qualifiedName,
          vector: vectors[index]!,
          metadata: vectorMetadata(tool),
        })),
        { signal: options.signal },
      );
      for (const tool of batch) {
        // Only drop it if it was not replaced while it was being embedded.
        if (this.#pending.get(tool.qualifiedName) === tool)
          this.#pending.delete(tool.qualifiedName);
      }
      done += batch.length;
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

  query(vector: Float32Array, topK: number, request: RetrievalRequest): Promise<VectorMatch[]> {
    return this.store.query({
      vector,
      topK,
      filter: toMetadataFilter(request),
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
function toMetadataFilter(request: RetrievalRequest): MetadataFilter | undefined {
  const clauses: MetadataFilter[] = [];
  const filters = request.filters;
  if (filters?.namespaces) clauses.push({ namespace: { $in: [...filters.namespaces] } });
  if (filters?.sources) clauses.push({ source: { $in: [...filters.sources] } });
  if (filters?.excludeDeprecated ?? true) clauses.push({ deprecated: false });
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}
