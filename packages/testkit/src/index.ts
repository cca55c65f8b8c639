export type { ArgumentRoundTripOptions } from './argument-round-trip.js';
export {
  ARGUMENT_VARIANTS,
  describeArgumentRoundTrip,
  ROUND_TRIP_SCHEMAS,
} from './argument-round-trip.js';
export type { ConformanceOptions } from './conformance-suite.js';
export { demoArsenal, demoArsenalPerTest } from './demo-arsenal.js';
export type { EmbedderCaseId, EmbedderConformanceOptions } from './embedder-conformance.js';
export {
  describeEmbedderConformance,
  EMBEDDER_SAMPLE_TEXTS,
  embedderCaseIds,
} from './embedder-conformance.js';
export { describeErrorClasses, errorClassProblems } from './error-classes.js';
export { expectArsenalError } from './expect-arsenal-error.js';
export {
  cosineSimilarity,
  planarVector,
  randomUnitVector,
  randomUnitVectors,
  seededRandom,
} from './fixtures.js';
export type {
  FrontDoorCaseId,
  FrontDoorConformanceOptions,
  FrontDoorCredential,
  FrontDoorSetup,
  RunningSurface,
} from './front-door-conformance.js';
export {
  describeFrontDoorConformance,
  FRONT_DOOR_ADMIN,
  FRONT_DOOR_CASES,
} from './front-door-conformance.js';
export type { RawAnswer, RawRequest } from './front-door-requests.js';
export { leakIn, sendRawRequest } from './front-door-requests.js';
export { createHashedEmbedder, hashedVector } from './hashed-embedder.js';
export type {
  HistoryStoreCaseId,
  HistoryStoreConformanceOptions,
} from './history-store-conformance.js';
export {
  describeHistoryStoreConformance,
  historyStoreCaseIds,
  sampleAuditRecord,
} from './history-store-conformance.js';
export type { HostileSchemaName } from './hostile-schemas.js';
export { HOSTILE_SCHEMA_NAMES, HOSTILE_SCHEMAS, hostileTool } from './hostile-schemas.js';
export type { NastySchemaName } from './nasty-schemas.js';
export {
  deepFreeze,
  NASTY_SCHEMA_NAMES,
  NASTY_SCHEMAS,
  nastyTool,
  noParameterTool,
  schemaTool,
  walkSchemas,
} from './nasty-schemas.js';
export type { SignOptions, TestIssuer } from './oauth-issuer.js';
export {
  encodeSegment as encodeJwtSegment,
  ISSUER as TEST_OAUTH_ISSUER,
  startTestIssuer,
} from './oauth-issuer.js';
export { sampleFromPattern } from './pattern-samples.js';
export type { PoisoningCase, PoisoningKind } from './poisoning-corpus.js';
export { HARMLESS_TOOLS, POISONED_TOOLS, POISONING_KINDS } from './poisoning-corpus.js';
export type { PoisoningFigures, PoisoningKindFigures } from './poisoning-corpus-figures.js';
export { measurePoisoningDetector } from './poisoning-corpus-figures.js';
export type {
  PoisoningDetectorCaseId,
  PoisoningDetectorConformanceOptions,
} from './poisoning-detector-conformance.js';
export {
  describePoisoningDetectorConformance,
  poisoningDetectorCaseIds,
} from './poisoning-detector-conformance.js';
export { HOLDOUT_HARMLESS_TOOLS, HOLDOUT_POISONED_TOOLS } from './poisoning-holdout.js';
export { TUNING_LOOK_ALIKE_TOOLS } from './poisoning-lookalikes-tuning.js';
export type { ListeningProcess } from './processes.js';
export { freePort, startListeningProcess } from './processes.js';
export type { RedisServerProcess } from './redis-server.js';
export { findRedisServer, startRedisServer } from './redis-server.js';
export type { RerankerCaseId, RerankerConformanceOptions } from './reranker-conformance.js';
export {
  describeRerankerConformance,
  RERANKER_SAMPLE_CANDIDATES,
  RERANKER_SAMPLE_QUERY,
  rerankerCaseIds,
} from './reranker-conformance.js';
export type { SampleOptions } from './schema-samples.js';
export { sampleFromSchema } from './schema-samples.js';
export type { SchemaKeywordCase, SchemaTest } from './schema-validator-cases.js';
export { FURTHER_KEYWORD_CASES, SUPPORTED_KEYWORD_CASES } from './schema-validator-cases.js';
export type {
  SchemaValidatorCaseId,
  SchemaValidatorConformanceOptions,
} from './schema-validator-conformance.js';
export {
  describeSchemaValidatorConformance,
  schemaValidatorCaseIds,
} from './schema-validator-conformance.js';
export type { StateStoreCaseId, StateStoreConformanceOptions } from './state-store-conformance.js';
export { describeStateStoreConformance, stateStoreCaseIds } from './state-store-conformance.js';
export { removeTemporaryDirectory, temporaryDirectory } from './temporary-directory.js';
export type {
  PostgresInstallation,
  TestPostgres,
  TestPostgresEngine,
  TestPostgresOptions,
} from './test-postgres.js';
export { findPostgresServer, startTestPostgres, uniqueTable } from './test-postgres.js';
export type { TinyModel, TinyModelOptions } from './tiny-transformer-model.js';
export { writeTinyCrossEncoderModel, writeTinyEmbeddingModel } from './tiny-transformer-model.js';
export type { TranscoderCaseId, TranscoderConformanceOptions } from './transcoder-conformance.js';
export { describeTranscoderConformance, transcoderCaseIds } from './transcoder-conformance.js';
export type {
  VectorStoreCaseId,
  VectorStoreConformanceOptions,
} from './vector-store-conformance.js';
export { describeVectorStoreConformance, vectorStoreCaseIds } from './vector-store-conformance.js';
