import {
  checkedVectorLength,
  copyMetadata,
  InvalidArgumentError,
  parseMetadataFilter,
  throwIfAborted,
  type VectorMatch,
  type VectorQuery,
  type VectorRecord,
  type VectorStore,
  VectorStoreError,
} from '@arsenal/core';
import { ChromaClient, type Collection, type Metadata } from 'chromadb';
import { toVectorStoreError } from './chroma-errors.js';
import { decodeMetadata, encodeMetadata, toChromaWhere } from './chroma-where.js';

export interface ChromaVectorStoreOptions {
  /** Chroma server address. Default `http://localhost:8000`. */
  url?: string;
  /** Collection holding the vectors; created on first write. Default `arsenal_tools`. */
  collection?: string;
  /** Vector length. Default: fixed by the first upsert, or read from an existing collection. */
  dimensions?: number;
  tenant?: string;
  database?: string;
  /** Extra HTTP headers, e.g. `{ 'x-chroma-token': '...' }`. */
  headers?: Record<string, string>;
  /** HNSW candidate list size per query; higher is more exact. Default 200. */
  efSearch?: number;
  /** A client you configured yourself (then url, tenant, database and headers are ignored). */
  client?: ChromaClient;
}

const COLLECTION_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$/;
const DIMENSIONS_KEY = 'arsenal:dimensions';

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
    if (!COLLECTION_NAME.test(collection) || collection.includes('..')) {
      throw new InvalidArgumentError(
        `collection "${collection}" is not a valid Chroma name: 3-512 characters from a-z, A-Z, 0-9, ".", "_", "-", starting and ending with a letter or digit.`,
      );
    }
    if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions > 0)) {
      throw new InvalidArgumentError(
        `dimensions must be a positive integer (your embedder's vector length), got ${dimensions}.`,
      );
    }
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
    const ids = result.ids[0] ?? [];
    const matches = ids.map((id, index) => {
      const distance = result.distances[0]?.[index] ?? 2;
      const match: VectorMatch = {
        id,
        score: Math.max(-1, Math.min(1, 1 - distance)),
        metadata: decodeMetadata(result.metadatas[0]?.[index]),
      };
      const embedding = result.embeddings[0]?.[index];
      if (includeVectors && embedding) match.vector = Float32Array.from(embedding);
      return match;
    });
    // Equal scores come back in a stable order: by id, as the in-memory store does.
    return matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
    const byId = new Map<string, VectorRecord>();
    result.ids.forEach((id, index) => {
      byId.set(id, {
        id,
        vector: Float32Array.from(result.embeddings[index] ?? []),
        metadata: decodeMetadata(result.metadatas[index]),
      });
    });
    return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
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

function createClient(options: ChromaVectorStoreOptions): ChromaClient {
  let url: URL;
  try {
    url = new URL(options.url ?? 'http://localhost:8000');
  } catch (error) {
    throw new InvalidArgumentError(
      `url "${options.url}" is not a URL; give the Chroma server address, e.g. http://localhost:8000.`,
      { cause: error },
    );
  }
  const ssl = url.protocol === 'https:';
  return new ChromaClient({
    host: url.hostname,
    port: url.port ? Number(url.port) : ssl ? 443 : 80,
    ssl,
    tenant: options.tenant,
    database: options.database,
    headers: options.headers,
  });
}

function dropsKeys(next: Metadata, previous: Metadata | null | undefined): boolean {
  return Object.keys(previous ?? {}).some((key) => !(key in next));
}

/** The length recorded when the collection was made, else that of any stored vector. */
async function storedDimensions(collection: Collection): Promise<number | undefined> {
  const recorded = collection.metadata?.[DIMENSIONS_KEY];
  if (typeof recorded === 'number') return recorded;
  const sample = await collection.get({ limit: 1, include: ['embeddings'] });
  return sample.embeddings[0]?.length;
}
