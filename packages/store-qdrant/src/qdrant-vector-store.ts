import { createHash } from 'node:crypto';
import {
  InvalidArgumentError,
  type VectorMatch,
  type VectorQuery,
  type VectorRecord,
  type VectorStore,
  VectorStoreError,
} from '@arsenal/core';
import {
  checkedVectorLength,
  copyMetadata,
  parseMetadataFilter,
  throwIfAborted,
} from '@arsenal/core/adapter';
import { QdrantClient } from '@qdrant/js-client-rest';
import { statusOf, toVectorStoreError } from './qdrant-errors.js';
import { fromPayload, toPayload, toQdrantFilter } from './qdrant-filter.js';

export interface QdrantVectorStoreOptions {
  /** Qdrant server address. Default `http://localhost:6333`. */
  url?: string;
  /** API key (Qdrant Cloud or a server started with one). */
  apiKey?: string;
  /** Collection holding the vectors; created on first write. Default `arsenal_tools`. */
  collection?: string;
  /** Vector length. Default: fixed by the first upsert, or read from an existing collection. */
  dimensions?: number;
  /** HNSW candidate list size per query (`hnsw_ef`); higher is more exact. Default 128. */
  efSearch?: number;
  /** Points per upsert request. Default 256. */
  batchSize?: number;
  /** Request timeout in milliseconds. Default 30000. */
  timeoutMs?: number;
  /** A client you configured yourself (then url, apiKey and timeoutMs are ignored). */
  client?: QdrantClient;
}

const COLLECTION_NAME = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * Tool vectors as points of a Qdrant collection with cosine distance. Qdrant point ids are UUIDs,
 * so each record's id becomes a UUID derived from it and travels in the payload. Filters become
 * Qdrant filters (see `toQdrantFilter`), applied inside the index search.
 */
export class QdrantVectorStore implements VectorStore {
  readonly #client: QdrantClient;
  readonly #name: string;
  readonly #configured: number | undefined;
  readonly #efSearch: number;
  readonly #batchSize: number;
  #dimensions: number | undefined;
  #exists = false;
  #ready: Promise<void> | undefined;

  constructor(options: QdrantVectorStoreOptions = {}) {
    const { collection = 'arsenal_tools', dimensions, efSearch = 128, batchSize = 256 } = options;
    if (!COLLECTION_NAME.test(collection)) {
      throw new InvalidArgumentError(
        `collection "${collection}" is not a plain Qdrant name: use letters, digits, _ and - (at most 255).`,
      );
    }
    if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions > 0)) {
      throw new InvalidArgumentError(
        `dimensions must be a positive integer (your embedder's vector length), got ${dimensions}.`,
      );
    }
    if (!(Number.isInteger(batchSize) && batchSize > 0)) {
      throw new InvalidArgumentError(`batchSize must be a positive integer, got ${batchSize}.`);
    }
    this.#name = collection;
    this.#configured = dimensions;
    this.#dimensions = dimensions;
    this.#efSearch = efSearch;
    this.#batchSize = batchSize;
    this.#client =
      options.client ??
      new QdrantClient({
        url: options.url ?? 'http://localhost:6333',
        apiKey: options.apiKey,
        timeout: options.timeoutMs ?? 30_000,
        checkCompatibility: false,
      });
  }

  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  get collection(): string {
    return this.#name;
  }

  async upsert(records: readonly VectorRecord[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (records.length === 0) return;
    await this.#prepare('write to');
    const dimensions = this.#dimensions ?? records[0]?.vector?.length ?? 0;
    const points = new Map<
      string,
      { id: string; vector: number[]; payload: Record<string, unknown> }
    >();
    records.forEach((record, index) => {
      const id = record?.id;
      if (typeof id !== 'string' || id.length === 0) {
        throw new InvalidArgumentError(
          `Record at index ${index} has no id; give every record a non-empty string id.`,
        );
      }
      checkedVectorLength(record.vector, dimensions, `Vector for "${id}"`, () =>
        this.#mismatch(dimensions),
      );
      const payload = toPayload(id, copyMetadata(record.metadata, `"${id}"`));
      points.set(id, { id: pointId(id), vector: Array.from(record.vector), payload });
    });
    throwIfAborted(options.signal);
    await this.#run('write to', async () => {
      if (!this.#exists) await this.#create(dimensions);
      const all = [...points.values()];
      for (let start = 0; start < all.length; start += this.#batchSize) {
        await this.#client.upsert(this.#name, {
          wait: true,
          points: all.slice(start, start + this.#batchSize),
        });
      }
    });
  }

  async delete(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (ids.length === 0) return;
    await this.#prepare('delete from');
    if (!this.#exists) return;
    const points = [...new Set(ids)].map(pointId);
    await this.#run('delete from', () => this.#client.delete(this.#name, { wait: true, points }));
  }

  async query(query: VectorQuery): Promise<VectorMatch[]> {
    const { topK, includeVectors = false, signal } = query;
    throwIfAborted(signal);
    if (!(Number.isInteger(topK) && topK > 0)) {
      throw new InvalidArgumentError(
        `topK must be a positive integer, got ${String(topK)}. Ask for at least 1 match.`,
      );
    }
    const filter = toQdrantFilter(parseMetadataFilter(query.filter));
    await this.#prepare('query');
    const dimensions = this.#dimensions ?? query.vector?.length ?? 0;
    checkedVectorLength(query.vector, dimensions, 'Query vector', () => this.#mismatch(dimensions));
    if (!this.#exists || filter === false) return [];
    const result = await this.#run('query', () =>
      this.#client.query(this.#name, {
        query: Array.from(query.vector),
        limit: topK,
        ...(filter === true ? {} : { filter }),
        params: { hnsw_ef: Math.max(this.#efSearch, topK) },
        with_payload: true,
        with_vector: includeVectors,
      }),
    );
    throwIfAborted(signal);
    const matches = result.points.map((point) => {
      const { id, metadata } = fromPayload(point.payload);
      const match: VectorMatch = { id, score: Math.max(-1, Math.min(1, point.score)), metadata };
      if (includeVectors && Array.isArray(point.vector)) {
        match.vector = Float32Array.from(point.vector as number[]);
      }
      return match;
    });
    // Equal scores come back in a stable order: by id, as the in-memory store does.
    return matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async get(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (ids.length === 0) return [];
    await this.#prepare('read');
    if (!this.#exists) return [];
    const unique = [...new Set(ids)];
    const points = await this.#run('read', () =>
      this.#client.retrieve(this.#name, {
        ids: unique.map(pointId),
        with_payload: true,
        with_vector: true,
      }),
    );
    const byId = new Map<string, VectorRecord>();
    for (const point of points) {
      const { id, metadata } = fromPayload(point.payload);
      byId.set(id, { id, vector: Float32Array.from(point.vector as number[]), metadata });
    }
    return unique.flatMap((id) => byId.get(id) ?? []);
  }

  async count(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    await this.#prepare('count');
    if (!this.#exists) return 0;
    const result = await this.#run('count', () => this.#client.count(this.#name, { exact: true }));
    return result.count;
  }

  /** Removes every record: the collection is dropped and made again with the same settings. */
  async clear(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    await this.#prepare('clear');
    if (!this.#exists) return;
    await this.drop();
    const dimensions = this.#dimensions;
    if (dimensions !== undefined) await this.#run('clear', () => this.#create(dimensions));
  }

  /** Deletes the collection and everything in it (tests, re-embedding with another model). */
  async drop(): Promise<void> {
    await this.#run('drop', () => this.#client.deleteCollection(this.#name));
    this.#exists = false;
  }

  #mismatch(dimensions: number): string {
    return (
      `collection "${this.#name}" holds ${dimensions}-dimensional vectors. Embed with the model ` +
      'that produced them, or point the store at another collection.'
    );
  }

  /** Finds the collection once (if it exists) and learns its vector length. */
  #prepare(action: string): Promise<void> {
    this.#ready ??= this.#run(action, async () => {
      let info: Awaited<ReturnType<QdrantClient['getCollection']>>;
      try {
        info = await this.#client.getCollection(this.#name);
      } catch (error) {
        if (statusOf(error) === 404) return;
        throw error;
      }
      const vectors = info.config.params.vectors as { size?: number } | undefined;
      const stored = vectors?.size;
      if (typeof stored !== 'number') {
        throw new VectorStoreError(
          `Collection "${this.#name}" uses named vectors; this store needs one unnamed vector per point. Use another collection.`,
          { code: 'configuration_invalid' },
        );
      }
      if (this.#configured !== undefined && stored !== this.#configured) {
        throw new VectorStoreError(
          `Collection "${this.#name}" holds ${stored}-dimensional vectors, but this store was ` +
            `configured with dimensions: ${this.#configured}. Use the embedder that filled the ` +
            'collection, or another collection.',
          { code: 'dimension_mismatch' },
        );
      }
      this.#dimensions = stored;
      this.#exists = true;
    }).catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #create(dimensions: number): Promise<void> {
    try {
      await this.#client.createCollection(this.#name, {
        vectors: { size: dimensions, distance: 'Cosine' },
      });
    } catch (error) {
      // Another writer made it first: use theirs if it agrees.
      if (statusOf(error) !== 409) throw error;
      this.#ready = undefined;
      await this.#prepare('create');
    }
    this.#exists = true;
    this.#dimensions = dimensions;
  }

  async #run<T>(action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toVectorStoreError(error, this.#name, action);
    }
  }
}

/**
 * A VectorStore on a Qdrant server. The collection is created on first write, with cosine
 * distance.
 *
 * @example
 * const store = createQdrantVectorStore({ url: 'http://localhost:6333', collection: 'tools' });
 */
export function createQdrantVectorStore(options: QdrantVectorStoreOptions = {}): QdrantVectorStore {
  return new QdrantVectorStore(options);
}

/** A stable UUID for a record id (Qdrant point ids are UUIDs or unsigned integers). */
export function pointId(id: string): string {
  const hex = createHash('sha256').update(id).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
