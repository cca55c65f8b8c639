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
import type { ChromaClient, Collection, Metadata } from 'chromadb';
import { DIMENSIONS_KEY, storedDimensions } from './chroma-dimensions.js';
import { toVectorStoreError } from './chroma-errors.js';
import { type ChromaVectorStoreOptions, checkOptions, createClient } from './chroma-options.js';
import { toMatches, toRecords } from './chroma-results.js';
import { encodeMetadata, toChromaWhere } from './chroma-where.js';

export type { ChromaVectorStoreOptions };

/**
 * Tool vectors in a Chroma collection with cosine distance. Filters become Chroma `where`
 * clauses (see `toChromaWhere`), so Chroma applies them before ranking.
 */
export class ChromaVectorStore implements VectorStore {
  readonly #client: ChromaClient;
  readonly #name: string;
  readonly #configured: number | undefined;
  readonly #efSearch: number;
  #dimensions: number | undefined;
  #collection: Collection | undefined;
  #ready: Promise<void> | undefined;

  constructor(options: ChromaVectorStoreOptions = {}) {
    const { collection = 'arsenal_tools', dimensions, efSearch = 200 } = options;
    checkOptions(collection, dimensions);
    this.#name = collection;
    this.#configured = dimensions;
    this.#dimensions = dimensions;
    this.#efSearch = efSearch;
    this.#client = options.client ?? createClient(options);
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
    const rows = new Map<string, { embedding: number[]; metadata: Metadata }>();
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
      const metadata = encodeMetadata(copyMetadata(record.metadata, `"${id}"`), id);
      rows.set(id, { embedding: Array.from(record.vector), metadata });
    });
    throwIfAborted(options.signal);
    await this.#run('write to', async () => {
      const collection = this.#collection ?? (await this.#create(dimensions));
      const entries = [...rows.entries()];
      const batchSize = await this.#client.getMaxBatchSize();
      for (let start = 0; start < entries.length; start += batchSize) {
        const batch = entries.slice(start, start + batchSize);
        const ids = batch.map(([id]) => id);
        // Chroma merges metadata on upsert and its client drops null values, so a record whose
        // new metadata lacks a key it had is deleted first. Should the upsert then fail, the
        // error reaches the caller (whose sync keeps the record pending), never silence.
        const previous = await collection.get({ ids, include: ['metadatas'] });
        const stale = previous.ids.filter((id, index) =>
          dropsKeys(rows.get(id)!.metadata, previous.metadatas[index]),
        );
        if (stale.length > 0) await collection.delete({ ids: stale });
        await collection.upsert({
          ids,
          embeddings: batch.map(([, row]) => row.embedding),
          metadatas: batch.map(([, row]) => row.metadata),
        });
      }
    });
  }

  async delete(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (ids.length === 0) return;
    await this.#prepare('delete from');
    const collection = this.#collection;
    if (!collection) return;
    await this.#run('delete from', () => collection.delete({ ids: [...new Set(ids)] }));
  }

  async query(query: VectorQuery): Promise<VectorMatch[]> {
    const { topK, includeVectors = false, signal } = query;
    throwIfAborted(signal);
    if (!(Number.isInteger(topK) && topK > 0)) {
      throw new InvalidArgumentError(
        `topK must be a positive integer, got ${String(topK)}. Ask for at least 1 match.`,
      );
    }
    const where = toChromaWhere(parseMetadataFilter(query.filter));
    await this.#prepare('query');
    const dimensions = this.#dimensions ?? query.vector?.length ?? 0;
    checkedVectorLength(query.vector, dimensions, 'Query vector', () => this.#mismatch(dimensions));
    const collection = this.#collection;
    if (!collection || where === false) return [];
    const result = await this.#run('query', () =>
      collection.query({
        queryEmbeddings: [Array.from(query.vector)],
        nResults: topK,
        ...(where === true ? {} : { where }),
        include: includeVectors
          ? ['distances', 'metadatas', 'embeddings']
          : ['distances', 'metadatas'],
      }),
    );
    throwIfAborted(signal);
    return toMatches(result, includeVectors);
  }

  async get(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (ids.length === 0) return [];
    await this.#prepare('read');
    const collection = this.#collection;
    if (!collection) return [];
    const result = await this.#run('read', () =>
      collection.get({ ids: [...new Set(ids)], include: ['embeddings', 'metadatas'] }),
    );
    return toRecords(result, ids);
  }

  async count(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    await this.#prepare('count');
    const collection = this.#collection;
    return collection ? this.#run('count', () => collection.count()) : 0;
  }

  /** Removes every record: the collection is dropped and made again with the same settings. */
  async clear(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    await this.#prepare('clear');
    if (!this.#collection) return;
    await this.drop();
    const dimensions = this.#dimensions;
    if (dimensions !== undefined) await this.#run('clear', () => this.#create(dimensions));
  }

  /** Deletes the collection and everything in it (tests, re-embedding with another model). */
  async drop(): Promise<void> {
    await this.#run('drop', async () => {
      try {
        await this.#client.deleteCollection({ name: this.#name });
      } catch (error) {
        if ((error as Error).name !== 'ChromaNotFoundError') throw error;
      }
    });
    this.#collection = undefined;
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
      let collection: Collection;
      try {
        collection = await this.#client.getCollection({
          name: this.#name,
          embeddingFunction: undefined,
        });
      } catch (error) {
        if ((error as Error).name === 'ChromaNotFoundError') return;
        throw error;
      }
      const stored = await storedDimensions(collection);
      if (stored !== undefined && this.#configured !== undefined && stored !== this.#configured) {
        throw new VectorStoreError(
          `Collection "${this.#name}" holds ${stored}-dimensional vectors, but this store was ` +
            `configured with dimensions: ${this.#configured}. Use the embedder that filled the ` +
            'collection, or another collection.',
          { code: 'dimension_mismatch' },
        );
      }
      this.#dimensions = stored ?? this.#dimensions;
      this.#collection = collection;
    }).catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #create(dimensions: number): Promise<Collection> {
    const collection = await this.#client.getOrCreateCollection({
      name: this.#name,
      configuration: { hnsw: { space: 'cosine', ef_search: this.#efSearch } },
      metadata: { [DIMENSIONS_KEY]: dimensions },
      embeddingFunction: null,
    });
    this.#collection = collection;
    this.#dimensions = dimensions;
    return collection;
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
 * A VectorStore on a Chroma server. The collection is created on first write, with cosine
 * distance.
 *
 * @example
 * const store = createChromaVectorStore({ url: 'http://localhost:8000', collection: 'tools' });
 */
export function createChromaVectorStore(options: ChromaVectorStoreOptions = {}): ChromaVectorStore {
  return new ChromaVectorStore(options);
}

function dropsKeys(next: Metadata, previous: Metadata | null | undefined): boolean {
  return Object.keys(previous ?? {}).some((key) => !(key in next));
}
