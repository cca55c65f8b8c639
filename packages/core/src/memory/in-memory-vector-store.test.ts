// The port's shared behaviour is specified by @arsenal/testkit's conformance suite, which this
// store runs in packages/testkit (core cannot depend on testkit). These tests cover what is
// specific to this implementation: growth, swap-remove, the heap, validation messages, yielding.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArsenalError, CancelledError } from '../errors/arsenal-error.js';
import { seededRandom } from '../hash/seeded-random.js';
import type { MetadataFilter, VectorRecord } from '../ports/vector-store.js';
import { createInMemoryVectorStore, InMemoryVectorStore } from './in-memory-vector-store.js';

function randomVector(dimensions: number, random: () => number): number[] {
  return Array.from({ length: dimensions }, () => random() * 2 - 1);
}

function randomRecords(count: number, dimensions: number, seed: number): VectorRecord[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => ({
    id: `tool_${index}`,
    vector: randomVector(dimensions, random),
    metadata: { group: index % 7, tags: index % 2 === 0 ? ['even'] : ['odd'] },
  }));
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    dot += a[index]! * b[index]!;
    normA += a[index]! * a[index]!;
    normB += b[index]! * b[index]!;
  }
  return dot / Math.sqrt(normA * normB);
}

/** The reference answer: score everything, sort everything. */
function bruteForce(records: readonly VectorRecord[], query: ArrayLike<number>, topK: number) {
  return records
    .map((record) => ({ id: record.id, score: cosine(record.vector, query) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, topK);
}

async function caught(promise: Promise<unknown>): Promise<ArsenalError> {
  try {
    await promise;
  } catch (error) {
    if (ArsenalError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('InMemoryVectorStore', () => {
  it('is what the factory builds, and reports configured dimensions before any upsert', () => {
    const store = createInMemoryVectorStore({ dimensions: 3 });
    expect(store).toBeInstanceOf(InMemoryVectorStore);
    expect(store.dimensions).toBe(3);
    expect(createInMemoryVectorStore().dimensions).toBeUndefined();
  });

  it('rejects impossible options with a message naming the option', () => {
    expect(() => createInMemoryVectorStore({ dimensions: 0 })).toThrow(
      /dimensions must be a positive integer/,
    );
    expect(() => createInMemoryVectorStore({ dimensions: 1.5 })).toThrow(ArsenalError);
    expect(() => createInMemoryVectorStore({ initialCapacity: -1 })).toThrow(/initialCapacity/);
  });

  it('fixes dimensions with the first upsert and keeps them after clear()', async () => {
    const store = createInMemoryVectorStore();
    await store.upsert([{ id: 'a', vector: [1, 0, 0] }]);
    expect(store.dimensions).toBe(3);
    await store.clear();
    expect(store.dimensions).toBe(3);
    const error = await caught(store.upsert([{ id: 'b', vector: [1, 0] }]));
    expect(error.code).toBe('dimension_mismatch');
    expect(error.message).toContain('holds 3-dimensional vectors');
  });

  it('grows from a capacity of one by doubling without losing or corrupting rows', async () => {
    const store = createInMemoryVectorStore({ initialCapacity: 1 });
    const records = randomRecords(1000, 5, 1);
    for (const record of records.slice(0, 300)) await store.upsert([record]);
    await store.upsert(records.slice(300));
    expect(await store.count()).toBe(1000);
    const stored = await store.get(records.map((record) => record.id));
    expect(stored).toHaveLength(1000);
    stored.forEach((record, index) => {
      expect(record.id).toBe(records[index]!.id);
      expect(cosine(record.vector, records[index]!.vector)).toBeCloseTo(1, 6);
    });
  });

  it('stores unit-length vectors and returns copies that callers may change freely', async () => {
    const store = createInMemoryVectorStore();
    const tags = ['email'];
    await store.upsert([{ id: 'a', vector: [3, 4], metadata: { tags } }]);
    tags.push('changed later');
    const [record] = await store.get(['a']);
    expect(Array.from(record!.vector)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(record!.metadata).toEqual({ tags: ['email'] });

    (record!.vector as Float32Array)[0] = 99;
    const [match] = await store.query({ vector: [3, 4], topK: 1, includeVectors: true });
    expect(match!.vector![0]).toBeCloseTo(0.6, 6);
    match!.vector![1] = -5;
    (match!.metadata.tags as string[]).push('mutated');
    const [again] = await store.query({ vector: [3, 4], topK: 1, includeVectors: true });
    expect(again!.vector![1]).toBeCloseTo(0.8, 6);
    expect(again!.metadata).toEqual({ tags: ['email'] });
  });

  it('stays correct through many interleaved deletes (swap-remove) and upserts', async () => {
    const dimensions = 6;
    const store = createInMemoryVectorStore({ initialCapacity: 4 });
    const random = seededRandom(7);
    const expected = new Map<string, VectorRecord>();
    for (let round = 0; round < 20; round++) {
      const batch = randomRecords(40, dimensions, 100 + round).map((record) => ({
        ...record,
        id: `r${Math.floor(random() * 400)}`,
      }));
      await store.upsert(batch);
      for (const record of batch) expected.set(record.id, record);
      const present = [...expected.keys()];
      const doomed = present.filter(() => random() < 0.35);
      await store.delete([...doomed, 'never-inserted']);
      for (const id of doomed) expected.delete(id);

      expect(await store.count()).toBe(expected.size);
      const stored = await store.get([...expected.keys()]);
      expect(stored.map((record) => record.id)).toEqual([...expected.keys()]);
      for (const record of stored) {
        expect(cosine(record.vector, expected.get(record.id)!.vector)).toBeCloseTo(1, 6);
        expect(record.metadata).toEqual(expected.get(record.id)!.metadata);
      }
      const query = randomVector(dimensions, random);
      const matches = await store.query({ vector: query, topK: 10 });
      const reference = bruteForce([...expected.values()], query, 10);
      expect(matches.map((match) => match.id)).toEqual(reference.map((match) => match.id));
    }
  });

  it('deletes every row, one at a time from the front, the middle and the end', async () => {
    const store = createInMemoryVectorStore();
    const records = randomRecords(9, 3, 3);
    await store.upsert(records);
    for (const id of ['tool_0', 'tool_4', 'tool_8', 'tool_1', 'tool_7', 'tool_2', 'tool_3']) {
      await store.delete([id]);
    }
    expect((await store.get(records.map((record) => record.id))).map((r) => r.id)).toEqual([
      'tool_5',
      'tool_6',
    ]);
    await store.delete(['tool_5', 'tool_6', 'tool_6']);
    expect(await store.count()).toBe(0);
    expect(await store.query({ vector: [1, 2, 3], topK: 3 })).toEqual([]);
  });

  it('picks the same top-k with its bounded heap as a full brute-force sort', async () => {
    const dimensions = 32;
    const records = randomRecords(3000, dimensions, 11);
    const store = createInMemoryVectorStore({ dimensions });
    await store.upsert(records);
    const random = seededRandom(12);
    for (const topK of [1, 2, 7, 50, 2999, 3000, 10_000]) {
      const query = randomVector(dimensions, random);
      const matches = await store.query({ vector: query, topK });
      const reference = bruteForce(records, query, topK);
      expect(matches.map((match) => match.id)).toEqual(reference.map((match) => match.id));
      matches.forEach((match, index) => {
        expect(match.score).toBeCloseTo(reference[index]!.score, 5);
      });
    }
  });

  it('applies the filter before choosing the top k', async () => {
    const records = randomRecords(500, 8, 21);
    const store = createInMemoryVectorStore();
    await store.upsert(records);
    const query = randomVector(8, seededRandom(22));
    const filter: MetadataFilter = { $and: [{ group: { $in: [2, 3] } }, { tags: 'even' }] };
    const matches = await store.query({ vector: query, topK: 12, filter });
    const eligible = records.filter((record) => {
      const group = record.metadata!.group as number;
      return (group === 2 || group === 3) && (record.metadata!.tags as string[])[0] === 'even';
    });
    expect(matches.map((match) => match.id)).toEqual(
      bruteForce(eligible, query, 12).map((match) => match.id),
    );
  });

  it('breaks score ties by id, so equal vectors come back in a stable order', async () => {
    const store = createInMemoryVectorStore();
    await store.upsert(
      ['delta', 'bravo', 'charlie', 'alpha'].map((id) => ({ id, vector: [1, 1] })),
    );
    const matches = await store.query({ vector: [2, 2], topK: 3 });
    expect(matches.map((match) => match.id)).toEqual(['alpha', 'bravo', 'charlie']);
    for (const match of matches) expect(match.score).toBeLessThanOrEqual(1);
  });

  describe('validation', () => {
    it('names both lengths when a batch mixes dimensions, and stores nothing from it', async () => {
      const store = createInMemoryVectorStore();
      const error = await caught(
        store.upsert([
          { id: 'a', vector: [1, 0, 0] },
          { id: 'b', vector: [1, 0] },
        ]),
      );
      expect(error.code).toBe('dimension_mismatch');
      expect(error.message).toBe(
        'Vector for "b" has 2 dimensions, but "a" earlier in the same batch has 3; a store holds vectors of one length.',
      );
      expect(await store.count()).toBe(0);
      expect(store.dimensions).toBeUndefined();
    });

    it('rejects a query vector of the wrong length with dimension_mismatch', async () => {
      const store = createInMemoryVectorStore({ dimensions: 3 });
      await store.upsert([{ id: 'a', vector: [1, 0, 0] }]);
      const error = await caught(store.query({ vector: [1, 0], topK: 1 }));
      expect(error.code).toBe('dimension_mismatch');
      expect(error.message).toMatch(/^Query vector has 2 dimensions, but this store holds 3/);
    });

    it('rejects NaN and Infinity, saying where', async () => {
      const store = createInMemoryVectorStore();
      const nan = await caught(store.upsert([{ id: 'a', vector: [1, Number.NaN] }]));
      expect(nan.code).toBe('invalid_argument');
      expect(nan.message).toContain('Vector for "a" has NaN at index 1');
      const infinity = await caught(
        store.query({ vector: [Number.POSITIVE_INFINITY, 0], topK: 1 }),
      );
      expect(infinity.message).toContain('Query vector has Infinity at index 0');
    });

    it('rejects zero vectors and explains that cosine is undefined for them', async () => {
      const store = createInMemoryVectorStore();
      const error = await caught(store.upsert([{ id: 'blank', vector: [0, 0, 0] }]));
      expect(error.code).toBe('invalid_argument');
      expect(error.message).toContain('Vector for "blank" is all zeros');
      expect(error.message).toContain('undefined for a zero vector');
      const query = await caught(store.query({ vector: [0, 0], topK: 1 }));
      expect(query.message).toContain('Query vector is all zeros');
    });

    it('rejects empty vectors, missing ids and bad metadata values', async () => {
      const store = createInMemoryVectorStore();
      expect((await caught(store.upsert([{ id: 'a', vector: [] }]))).message).toContain('empty');
      expect((await caught(store.upsert([{ id: '', vector: [1] }]))).message).toContain(
        'Record at index 0 has no id',
      );
      const badMetadata = await caught(
        store.upsert([{ id: 'a', vector: [1], metadata: { cost: Number.NaN } }]),
      );
      expect(badMetadata.message).toContain('Metadata "cost" of "a" is NaN');
    });

    it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects topK %s', async (topK) => {
      const store = createInMemoryVectorStore();
      await store.upsert([{ id: 'a', vector: [1, 0] }]);
      const error = await caught(store.query({ vector: [1, 0], topK }));
      expect(error.code).toBe('invalid_argument');
      expect(error.message).toContain('topK must be a positive integer');
    });

    it('validates the query even when the store is empty', async () => {
      const store = createInMemoryVectorStore();
      expect((await caught(store.query({ vector: [1], topK: 0 }))).code).toBe('invalid_argument');
      const filter = { kind: { $regex: 'x' } } as never;
      expect((await caught(store.query({ vector: [1], topK: 1, filter }))).code).toBe(
        'invalid_argument',
      );
    });

    it('turns filter mistakes into messages naming the path and the supported operators', async () => {
      const store = createInMemoryVectorStore();
      await store.upsert([{ id: 'a', vector: [1, 0], metadata: { kind: 'http' } }]);
      const query = (filter: unknown) =>
        caught(store.query({ vector: [1, 0], topK: 1, filter: filter as never }));

      const unknown = await query({ $or: [{ kind: { $regex: '^h' } }] });
      expect(unknown.code).toBe('invalid_argument');
      expect(unknown.message).toContain('Unknown filter operator "$regex" at filter.$or[0].kind');
      expect(unknown.message).toContain('$contains');
      expect((await query({ $not: { kind: 'http' } })).message).toContain(
        'Unknown filter operator "$not" at filter',
      );
      expect((await query({ kind: { $in: 'http' } })).message).toContain(
        'filter.kind.$in must be an array',
      );
      expect((await query({ cost: { $gt: '5' } })).message).toContain(
        'filter.cost.$gt must be a finite number',
      );
      expect((await query({ kind: {} })).message).toContain('filter.kind is an empty condition');
      expect((await query({ $and: { kind: 'http' } })).message).toContain(
        'filter.$and must be an array',
      );
      expect((await query({ kind: null })).message).toContain('filter.kind must be a string');
      expect((await query('kind = http')).message).toContain('filter must be an object');
    });
  });

  describe('filter semantics beyond the conformance suite', () => {
    const records: VectorRecord[] = [
      { id: 'a', vector: [1, 0], metadata: { tags: ['x', 'y'], flag: true, count: 1 } },
      { id: 'b', vector: [1, 0.1], metadata: { tags: ['y', 'x'], flag: false, count: 2 } },
      { id: 'c', vector: [1, 0.2], metadata: { tags: ['x'], count: 3 } },
    ];
    const ids = async (filter: unknown) => {
      const store = createInMemoryVectorStore();
      await store.upsert(records);
      const matches = await store.query({ vector: [1, 0], topK: 10, filter: filter as never });
      return matches.map((match) => match.id).sort();
    };

    it('treats a plain array as "same elements in the same order"', async () => {
      expect(await ids({ tags: ['x', 'y'] })).toEqual(['a']);
    });

    it('lets $eq and $in reach into array fields, like a plain value does', async () => {
      expect(await ids({ tags: { $eq: 'y' } })).toEqual(['a', 'b']);
      expect(await ids({ tags: { $in: ['z', 'y'] } })).toEqual(['a', 'b']);
      expect(await ids({ tags: { $nin: ['y'] } })).toEqual(['c']);
    });

    it('never coerces types: 1 is not true and "1" is not 1', async () => {
      expect(await ids({ flag: 1 })).toEqual([]);
      expect(await ids({ count: '1' })).toEqual([]);
      expect(await ids({ count: { $gte: 2 } })).toEqual(['b', 'c']);
      expect(await ids({ flag: { $gt: 0 } })).toEqual([]);
    });

    it('reads an empty $and as "everything" and an empty $or as "nothing"', async () => {
      expect(await ids({ $and: [] })).toEqual(['a', 'b', 'c']);
      expect(await ids({ $or: [] })).toEqual([]);
      expect(await ids({})).toEqual(['a', 'b', 'c']);
    });
  });

  describe('cancellation', () => {
    it('throws CancelledError for a signal aborted before any operation', async () => {
      const store = createInMemoryVectorStore();
      const controller = new AbortController();
      controller.abort(new Error('user left'));
      const signal = controller.signal;
      const upsert = await caught(store.upsert([{ id: 'a', vector: [1] }], { signal }));
      expect(upsert).toBeInstanceOf(CancelledError);
      expect((upsert as Error).cause).toEqual(new Error('user left'));
      expect(await store.count()).toBe(0);
      for (const operation of [
        store.query({ vector: [1], topK: 1, signal }),
        store.get(['a'], { signal }),
        store.delete(['a'], { signal }),
        store.count({ signal }),
        store.clear({ signal }),
      ]) {
        expect((await caught(operation)).code).toBe('cancelled');
      }
    });

    it('looks at the signal periodically during a scan', async () => {
      const store = createInMemoryVectorStore();
      await store.upsert(randomRecords(5000, 4, 31));
      let reads = 0;
      // A signal that turns aborted on its third look: before the scan, then during it.
      const signal = {
        get aborted() {
          reads += 1;
          return reads >= 3;
        },
        reason: new Error('stop'),
      } as AbortSignal;
      const error = await caught(store.query({ vector: [1, 2, 3, 4], topK: 3, signal }));
      expect(error.code).toBe('cancelled');
      expect(reads).toBe(3);
    });

    it('yields during long signalled scans, and restarts when a write lands meanwhile', async () => {
      const records = randomRecords(4096, 4, 41);
      const store = createInMemoryVectorStore();
      await store.upsert(records);
      const query = [1, -1, 0.5, 2];
      const [best] = bruteForce(records, query, 1);
      // A clock that jumps ahead on every read makes each signal check hit the time slice.
      let now = 0;
      vi.spyOn(Date, 'now').mockImplementation(() => {
        now += 1000;
        return now;
      });
      const pending = store.query({ vector: query, topK: 5, signal: new AbortController().signal });
      await store.delete([best!.id]);
      const matches = await pending;
      const remaining = records.filter((record) => record.id !== best!.id);
      expect(matches.map((match) => match.id)).toEqual(
        bruteForce(remaining, query, 5).map((match) => match.id),
      );
    });
  });
});
