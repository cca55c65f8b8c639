import { InvalidArgumentError, throwIfAborted } from '../errors/arsenal-error.js';
import type {
  MetadataValue,
  VectorMatch,
  VectorQuery,
  VectorRecord,
  VectorStore,
} from '../ports/vector-store.js';
import { compileMetadataFilter, type MetadataPredicate } from './metadata-filter.js';
import { TopK } from './top-k.js';
import { checkedVectorLength, copyMetadata } from './vector-input.js';

/** Options of the in-memory vector store: the vectors' length and the buffer's first size. */
export interface InMemoryVectorStoreOptions {
  /** Vector length. Default: fixed by the first upsert (and kept after `clear()`). */
  dimensions?: number;
  /** Rows to allocate on the first upsert; the buffer doubles when full. Default 64. */
  initialCapacity?: number;
}

const DEFAULT_INITIAL_CAPACITY = 64;
/** Rows scanned between two looks at the abort signal. */
const ROWS_PER_SIGNAL_CHECK = 1024;
/** Longest stretch a signalled scan runs before letting timers and abort handlers in. */
const SCAN_SLICE_MS = 10;
/** Restarts after concurrent writes before a scan stops yielding and finishes in one go. */
const MAX_SCAN_RESTARTS = 3;

/**
 * Exact cosine k-NN over one contiguous Float32Array: row `r` holds a unit-length copy of a
 * vector at `[r * dimensions, (r + 1) * dimensions)`. Deletes move the last row into the hole,
 * so the rows stay dense and a scan never skips gaps. Vectors returned by `get` and by queries
 * with `includeVectors` are those unit-length copies.
 */
export class InMemoryVectorStore implements VectorStore {
  #dimensions: number | undefined;
  readonly #initialCapacity: number;
  #vectors = new Float32Array(0);
  #capacity = 0;
  #ids: string[] = [];
  #metadata: Record<string, MetadataValue>[] = [];
  readonly #rowById = new Map<string, number>();
  /** Bumped by every write, so a scan that yielded can tell its rows moved under it. */
  #version = 0;

  constructor(options: InMemoryVectorStoreOptions = {}) {
    const { dimensions, initialCapacity = DEFAULT_INITIAL_CAPACITY } = options;
    if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions > 0)) {
      throw new InvalidArgumentError(
        `dimensions must be a positive integer (your embedder's vector length), got ${dimensions}.`,
      );
    }
    if (!(Number.isInteger(initialCapacity) && initialCapacity >= 0)) {
      throw new InvalidArgumentError(
        `initialCapacity must be a non-negative integer number of rows, got ${initialCapacity}.`,
      );
    }
    this.#dimensions = dimensions;
    this.#initialCapacity = initialCapacity;
  }

  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  async upsert(records: readonly VectorRecord[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    const first = records[0];
    if (first === undefined) return;
    // Check the whole batch before touching storage, so a bad record leaves the store unchanged.
    const dimensions = this.#dimensions ?? batchDimensions(first);
    const lengths = new Float64Array(records.length);
    const metadata: Record<string, MetadataValue>[] = [];
    const newIds = new Set<string>();
    records.forEach((record, index) => {
      const id = checkedId(record, index);
      if (!this.#rowById.has(id)) newIds.add(id);
      const label = `Vector for "${id}"`;
      lengths[index] = checkedVectorLength(record.vector, dimensions, label, () =>
        this.#dimensions === undefined
          ? `"${first.id}" earlier in the same batch has ${dimensions}; a store holds vectors of one length.`
          : `this store holds ${dimensions}-dimensional vectors. Embed with the model that produced ` +
            'the stored vectors, or put vectors of another length in a new store.',
      );
      metadata.push(copyMetadata(record.metadata, `"${id}"`));
    });

    this.#dimensions = dimensions;
    // One growth per batch: doubling row by row would copy a large batch several times over.
    this.#ensureCapacity(this.#ids.length + newIds.size);
    records.forEach((record, index) => {
      let row = this.#rowById.get(record.id);
      if (row === undefined) {
        row = this.#ids.length;
        this.#ids.push(record.id);
        this.#metadata.push(metadata[index]!);
        this.#rowById.set(record.id, row);
      } else {
        this.#metadata[row] = metadata[index]!;
      }
      const length = lengths[index]!;
      const offset = row * dimensions;
      for (let component = 0; component < dimensions; component++) {
        this.#vectors[offset + component] = record.vector[component]! / length;
      }
    });
    this.#version += 1;
  }

  async delete(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    const before = this.#ids.length;
    for (const id of ids) {
      const row = this.#rowById.get(id);
      if (row !== undefined) this.#removeRow(row, id);
    }
    if (this.#ids.length !== before) this.#version += 1;
  }

  async query(query: VectorQuery): Promise<VectorMatch[]> {
    const { topK, filter, includeVectors = false, signal } = query;
    throwIfAborted(signal);
    if (!(Number.isInteger(topK) && topK > 0)) {
      throw new InvalidArgumentError(
        `topK must be a positive integer, got ${String(topK)}. Ask for at least 1 match.`,
      );
    }
    const predicate = compileMetadataFilter(filter);
    // A store that never held a vector accepts any length, and simply has nothing to match.
    const dimensions = this.#dimensions ?? query.vector?.length ?? 0;
    const length = checkedVectorLength(
      query.vector,
      dimensions,
      'Query vector',
      () =>
        `this store holds ${dimensions}-dimensional vectors. Embed the query with the model ` +
        'that produced the stored vectors.',
    );
    if (this.#ids.length === 0) return [];
    const unitQuery = new Float32Array(dimensions);
    for (let component = 0; component < dimensions; component++) {
      unitQuery[component] = query.vector[component]! / length;
    }
    const ranked = await this.#scan(unitQuery, topK, predicate, signal);
    return ranked.map(({ row, score }) => {
      const match: VectorMatch = {
        id: this.#ids[row]!,
        // Float32 rounding can push a unit dot product a hair past ±1.
        score: Math.max(-1, Math.min(1, score)),
        metadata: cloneMetadata(this.#metadata[row]!),
      };
      if (includeVectors) match.vector = this.#rowVector(row);
      return match;
    });
  }

  async get(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    const records: VectorRecord[] = [];
    for (const id of ids) {
      const row = this.#rowById.get(id);
      if (row === undefined) continue;
      records.push({
        id,
        vector: this.#rowVector(row),
        metadata: cloneMetadata(this.#metadata[row]!),
      });
    }
    return records;
  }

  /** How many records the store holds. */
  async count(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    return this.#ids.length;
  }

  async clear(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    this.#vectors = new Float32Array(0);
    this.#capacity = 0;
    this.#ids = [];
    this.#metadata = [];
    this.#rowById.clear();
    this.#version += 1;
  }

  /**
   * Scores every row passing the filter and keeps the best `topK`. With a signal, the scan looks
   * at it every few rows and, every few milliseconds, yields to the event loop so a timeout or a
   * user's abort can land; if a write happened meanwhile the rows may have moved, so it restarts.
   * The matches are built by the caller before any further await, while the rows still agree.
   */
  async #scan(
    unitQuery: Float32Array,
    topK: number,
    predicate: MetadataPredicate,
    signal: AbortSignal | undefined,
  ) {
    const dimensions = unitQuery.length;
    let restarts = 0;
    restart: for (;;) {
      const version = this.#version;
      const vectors = this.#vectors;
      const metadata = this.#metadata;
      const ids = this.#ids;
      const rowCount = ids.length;
      const best = new TopK(Math.min(topK, rowCount), (a, b) => compareIds(ids[a]!, ids[b]!));
      let sliceStart = Date.now();
      for (let row = 0; row < rowCount; row++) {
        if (signal !== undefined && row % ROWS_PER_SIGNAL_CHECK === ROWS_PER_SIGNAL_CHECK - 1) {
          throwIfAborted(signal);
          if (restarts < MAX_SCAN_RESTARTS && Date.now() - sliceStart >= SCAN_SLICE_MS) {
            await yieldToEventLoop();
            throwIfAborted(signal);
            if (this.#version !== version) {
              restarts += 1;
              continue restart;
            }
            sliceStart = Date.now();
          }
        }
        if (!predicate(metadata[row]!)) continue;
        best.offer(row, dot(vectors, row * dimensions, unitQuery));
      }
      throwIfAborted(signal);
      return best.sorted();
    }
  }

  #rowVector(row: number): Float32Array {
    const dimensions = this.#dimensions!;
    return this.#vectors.slice(row * dimensions, (row + 1) * dimensions);
  }

  #ensureCapacity(rows: number): void {
    if (rows <= this.#capacity) return;
    let capacity = Math.max(this.#capacity, this.#initialCapacity, 1);
    while (capacity < rows) capacity *= 2;
    const dimensions = this.#dimensions!;
    const grown = new Float32Array(capacity * dimensions);
    grown.set(this.#vectors.subarray(0, this.#ids.length * dimensions));
    this.#vectors = grown;
    this.#capacity = capacity;
  }

  /** Fills the hole with the last row, so rows stay dense without shifting everything after it. */
  #removeRow(row: number, id: string): void {
    const last = this.#ids.length - 1;
    if (row !== last) {
      const dimensions = this.#dimensions!;
      const lastStart = last * dimensions;
      this.#vectors.copyWithin(row * dimensions, lastStart, lastStart + dimensions);
      const movedId = this.#ids[last]!;
      this.#ids[row] = movedId;
      this.#metadata[row] = this.#metadata[last]!;
      this.#rowById.set(movedId, row);
    }
    this.#ids.pop();
    this.#metadata.pop();
    this.#rowById.delete(id);
  }
}

/**
 * An exact, dependency-free vector store for tests, small catalogs and as the reference every
 * adapter is measured against.
 *
 * @example
 * const store = createInMemoryVectorStore({ dimensions: 384 });
 * await store.upsert([{ id: 'send_email', vector, metadata: { kind: 'mcp' } }]);
 * const matches = await store.query({ vector: queryVector, topK: 5, filter: { kind: 'mcp' } });
 */
export function createInMemoryVectorStore(
  options: InMemoryVectorStoreOptions = {},
): InMemoryVectorStore {
  return new InMemoryVectorStore(options);
}

function batchDimensions(first: VectorRecord): number {
  const length = first.vector?.length;
  if (!(typeof length === 'number' && Number.isInteger(length) && length > 0)) {
    throw new InvalidArgumentError(
      `Vector for "${String(first.id)}" is empty or not an array; give a non-empty array of numbers.`,
    );
  }
  return length;
}

function checkedId(record: VectorRecord, index: number): string {
  if (typeof record?.id !== 'string' || record.id.length === 0) {
    throw new InvalidArgumentError(
      `Record at index ${index} has no id; give every record a non-empty string id.`,
    );
  }
  return record.id;
}

function dot(vectors: Float32Array, offset: number, unitQuery: Float32Array): number {
  const dimensions = unitQuery.length;
  // Four accumulators break the add dependency chain, which roughly doubles scan speed.
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let component = 0;
  for (const end = dimensions - (dimensions % 4); component < end; component += 4) {
    const at = offset + component;
    sum0 += vectors[at]! * unitQuery[component]!;
    sum1 += vectors[at + 1]! * unitQuery[component + 1]!;
    sum2 += vectors[at + 2]! * unitQuery[component + 2]!;
    sum3 += vectors[at + 3]! * unitQuery[component + 3]!;
  }
  for (; component < dimensions; component++) {
    sum0 += vectors[offset + component]! * unitQuery[component]!;
  }
  return sum0 + sum1 + sum2 + sum3;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function cloneMetadata(metadata: Record<string, MetadataValue>): Record<string, MetadataValue> {
  const copy: Record<string, MetadataValue> = {};
  for (const [key, value] of Object.entries(metadata)) {
    copy[key] = Array.isArray(value) ? [...value] : value;
  }
  return copy;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
