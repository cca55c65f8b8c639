/**
 * `@arsenal/core/adapter`: helpers for authors of packages that build on core (vector stores,
 * embedders, rerankers, executors, transcoders, history and state stores, hosts and evaluation
 * tools). An application needs only `@arsenal/core`; the names here are stable, public API too,
 * but sit apart so the root entry stays the product's vocabulary
 * (docs/adr/0009-curated-core-entries.md).
 *
 * Import the ports, the tool model and the errors from `@arsenal/core`: this entry does not
 * repeat them.
 *
 * @packageDocumentation
 */

// Catalog entries
export { catalogEntryToInput, catalogValueToInputs } from './catalog/index.js';
// Cancellation and errors
export { throwIfAborted, toArsenalError } from './errors/index.js';
// Types
export type { TraceContext } from './events/index.js';
// Trace context (W3C traceparent)
export { formatTraceparent, isW3cSpanId, isW3cTraceId, parseTraceparent } from './events/index.js';
export type {
  Expiring,
  FailedAnswer,
  JsonServiceCall,
  JsonServiceDescription,
  PostJsonOptions,
  RetryWithBackoffOptions,
  ServiceCallContext,
} from './execution/index.js';
// Calling a vendor service
// Redaction
export {
  backoffDelay,
  DeadlineTimer,
  isSecretKey,
  parseRetryAfter,
  postJsonWithRetry,
  REDACTED,
  redactKeys,
  redactSecrets,
  retryWithBackoff,
  sleep,
  toServiceError,
  vendorMessage,
} from './execution/index.js';
// Hashes and reproducible randomness
export { canonicalJson, seededRandom, sha256Hex } from './hash/index.js';
// Poisoning detectors
export type { ToolText } from './hygiene/index.js';
export { toolTexts } from './hygiene/index.js';
export type { MetadataFilterNode, MetadataScalar } from './memory/index.js';
// Vector and history stores
export {
  checkedVectorLength,
  copyMetadata,
  parseMetadataFilter,
  queryAuditRecords,
} from './memory/index.js';
export { matchGlob, UPSTREAM_NAME_METADATA_KEY, upstreamNameOf } from './policy/index.js';
export { closestNames } from './registry/index.js';
export type {
  KeptScores,
  LexicalDocument,
  LexicalFieldOptions,
  LexicalHit,
  LexicalIndexOptions,
  LexicalSearchOptions,
  LexicalSearchResult,
  LexicalSearchWork,
} from './retrieval/index.js';
// Lexical retrieval, for evaluation tools
export { DEFAULT_LEXICAL_FIELDS, LexicalIndex, toLexicalDocument } from './retrieval/index.js';
export type {
  CopyJsonOptions,
  JsonSchemaValidationResult,
  JsonSchemaValidator,
  JsonSchemaValidatorOptions,
  MergeAllOfOptions,
  SchemaFailure,
} from './schema/index.js';
// JSON and JSON Schema
export {
  copyJson,
  createJsonSchemaValidator,
  EMPTY_OBJECT_SCHEMA,
  escapeJsonPointer,
  inlineRef,
  isJsonSchemaObject,
  isLocalRef,
  mergeAllOf,
  refLabel,
  resolveLocalRef,
  unescapeJsonPointer,
  unionAlternatives,
  validateJsonSchema,
} from './schema/index.js';
export type { AnalyzeOptions } from './text/index.js';
export { analyze, lexiconTerms } from './text/index.js';
export type {
  AssertEncodableToolOptions,
  DecodedDescription,
  DecodedToolName,
  DecodeVendorDescriptionOptions,
  DecodeVendorToolNameOptions,
  DecodeVendorToolObjectOptions,
  VendorCodec,
  VendorTranscoderOptions,
} from './tool/index.js';
// Tool names, limits and metadata
// Transcoders
export {
  assertEncodableTool,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  decodedToolMetadata,
  decodeVendorDescription,
  decodeVendorToolName,
  decodeVendorToolObject,
  EXTENDED_DESCRIPTION_MAX_LENGTH,
  encodableParametersSchema,
  isSemver,
  NAMESPACE_PATTERN,
  pickToolAnnotations,
  RESERVED_TOOL_NAMES,
  TOOL_NAME_PATTERN,
  toToolName,
  VendorTranscoder,
} from './tool/index.js';
