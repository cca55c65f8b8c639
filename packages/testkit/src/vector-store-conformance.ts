import { InvalidArgumentError, type VectorStore } from '@arsenal/core';
import { type ConformanceOptions, describeConformanceSuite } from './conformance-suite.js';
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

/** `create` builds a fresh, empty store for each case, so cases never see each other's data. */
export interface VectorStoreConformanceOptions
  extends ConformanceOptions<VectorStore, VectorStoreCaseId> {
  /** Vector length the cases use (at least 2). Default: the store's `dimensions`, else 8. */
  dimensions?: number;
  /** Runs after every case, passed or failed, before the store's `close()`. */
  cleanup?: (store: VectorStore) => void | Promise<void>;
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
  const { cleanup, dimensions } = options;
  if (dimensions !== undefined) checkedDimensions(dimensions, 'options.dimensions');
  describeConformanceSuite<VectorStore, VectorStoreCaseId, VectorStoreCase>({
    ...options,
    port: 'VectorStore',
    cases,
    run: (testCase, store) =>
      testCase.run({ store, dimensions: resolveDimensions(store, dimensions) }),
    async release(store) {
      try {
        await cleanup?.(store);
      } finally {
        await store.close?.();
      }
    },
  });
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
