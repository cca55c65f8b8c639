export { expectArsenalError } from './expect-arsenal-error.js';
export {
  cosineSimilarity,
  planarVector,
  randomUnitVector,
  randomUnitVectors,
  seededRandom,
} from './fixtures.js';
export type {
  HistoryStoreCaseId,
  HistoryStoreConformanceOptions,
} from './history-store-conformance.js';
export {
  describeHistoryStoreConformance,
  historyStoreCaseIds,
  sampleAuditRecord,
} from './history-store-conformance.js';
export type { StateStoreCaseId, StateStoreConformanceOptions } from './state-store-conformance.js';
export { describeStateStoreConformance, stateStoreCaseIds } from './state-store-conformance.js';
export type {
  VectorStoreCaseId,
  VectorStoreConformanceOptions,
} from './vector-store-conformance.js';
export { describeVectorStoreConformance, vectorStoreCaseIds } from './vector-store-conformance.js';
