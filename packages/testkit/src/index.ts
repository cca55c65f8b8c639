export { expectArsenalError } from './expect-arsenal-error.js';
export {
  cosineSimilarity,
  planarVector,
  randomUnitVector,
  randomUnitVectors,
  seededRandom,
} from './fixtures.js';
export type {
  VectorStoreCaseId,
  VectorStoreConformanceOptions,
} from './vector-store-conformance.js';
export { describeVectorStoreConformance, vectorStoreCaseIds } from './vector-store-conformance.js';
