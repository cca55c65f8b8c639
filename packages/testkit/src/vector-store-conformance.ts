import { InvalidArgumentError, type VectorStore } from '@arsenal/core';
import { describe, it } from 'vitest';
import { vectorStoreCoreCases } from './vector-store-cases.js';
import { vectorStoreFilterCases } from './vector-store-filter-cases.js';
import type { VectorStoreCase } from './vector-store-sample.js';

const cases = { ...vectorStoreCoreCases, ...vectorStoreFilterCases };

/** A stable name for one behaviour of the `VectorStore` port, e.g. `'filter/range'`. */
export type VectorStoreCaseId = keyof typeof cases;

/** Every case id, in the order the suite runs them. */
export const vectorStoreCaseIds = Object.keys(cases) as readonly VectorStoreCaseId[];

/** Vector length used when neither the options nor the store say. */
const DEFAULT_DIMENSIONS = 8;

export interface VectorStoreConformanceOptions {
  /** Names the suite: `VectorStore conformance: <name>`. */
  name: string;
  /** Builds a fresh, empty store. Called once per case, so cases never see each other's data. */
  create: () => VectorStore | Promise<VectorStore>;
  /** Vector length the cases use (at least 2). Default: the store's `dimensions`, else 8. */
  dimensions?: number;
  /** Cases this store cannot pass, each with the reason; the reason shows in the skipped title. */
  skip?: Partial<Record<VectorStoreCaseId, string>>;
  /** Runs after every case, passed or failed, before the store's `close()`. */
  cleanup?: (store: VectorStore) => void | Promise<void>;
  /** Per-case timeout in milliseconds, for stores behind a network. Default: vitest's. */
  timeout?: number;
}

/**
 * Declares the `VectorStore` conformance suite: one vitest test per case id, each on a fresh store.
 *
 * @example
 * describeVectorStoreConformance({
 *   name: 'ChromaVectorStore',
 *   create: () => createChromaVectorStore({ url, collection: uniqueName() }),
 *   skip: { 'filter/array-contains': 'Chroma metadata cannot hold arrays' },
 * });
 */
export function describeVectorStoreConformance(options: VectorStoreConformanceOptions): void {
  const { name, create, cleanup, timeout } = options;
  const skip = checkedSkips(options.skip);
  if (options.dimensions !== undefined) checkedDimensions(options.dimensions, 'options.dimensions');

  describe(`VectorStore conformance: ${name}`, () => {
    for (const id of vectorStoreCaseIds) {
      const testCase: VectorStoreCase = cases[id];
      const reason = skip.get(id);
      if (reason !== undefined) {
        it.skip(`${id} (skipped: ${reason})`, () => {});
        continue;
      }
      it(`${id}: ${testCase.asserts}`, { timeout }, async () => {
        const store = await create();
        try {
          await testCase.run({ store, dimensions: resolveDimensions(store, options.dimensions) });
        } finally {
          try {
            await cleanup?.(store);
          } finally {
            await store.close?.();
          }
        }
      });
    }
  });
}

function checkedSkips(skip: Readonly<Record<string, unknown>> | undefined): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const [id, reason] of Object.entries(skip ?? {})) {
    if (!(id in cases)) {
      throw new InvalidArgumentError(
        `skip names an unknown VectorStore conformance case "${id}". Known cases: ${vectorStoreCaseIds.join(', ')}.`,
      );
    }
    if (typeof reason !== 'string' || reason.trim().length === 0) {
      throw new InvalidArgumentError(
        `skip["${id}"] needs a reason: say why this store cannot pass the case, e.g. ` +
          `{ '${id}': 'the service has no way to express it' }.`,
      );
    }
    reasons.set(id, reason.trim());
  }
  return reasons;
}

function resolveDimensions(store: VectorStore, configured: number | undefined): number {
  if (
    configured !== undefined &&
    store.dimensions !== undefined &&
    store.dimensions !== configured
  ) {
    throw new InvalidArgumentError(
      `The store from create() holds ${store.dimensions}-dimensional vectors, but the suite was ` +
        `given dimensions: ${configured}. Make them agree, or leave dimensions out.`,
    );
  }
  const dimensions = configured ?? store.dimensions ?? DEFAULT_DIMENSIONS;
  return checkedDimensions(dimensions, 'the store dimensions');
}

function checkedDimensions(dimensions: number, what: string): number {
  if (!(Number.isInteger(dimensions) && dimensions >= 2)) {
    throw new InvalidArgumentError(
      `The VectorStore conformance suite needs ${what} to be an integer of at least 2, got ${dimensions}.`,
    );
  }
  return dimensions;
}
