export { unionAlternatives } from './alternatives.js';
export { coreSchemaValidator } from './core-schema-validator.js';
export type { CopyJsonOptions } from './json-copy.js';
export { copyJson } from './json-copy.js';
export { escapeJsonPointer, unescapeJsonPointer } from './json-pointer.js';
export type { FromJsonSchema, JsonSchema, JsonSchemaType } from './json-schema.js';
export { EMPTY_OBJECT_SCHEMA, isJsonSchemaObject } from './json-schema.js';
export type {
  JsonSchemaValidationResult,
  JsonSchemaValidator,
  JsonSchemaValidatorOptions,
} from './json-schema-validator.js';
export {
  createJsonSchemaValidator,
  deepEqual,
  validateJsonSchema,
} from './json-schema-validator.js';
export { inlineRef, isLocalRef, refLabel, resolveLocalRef } from './local-refs.js';
export type { MergeAllOfOptions, SchemaFailure } from './merge-all-of.js';
export { mergeAllOf } from './merge-all-of.js';
export type {
  StandardJsonSchemaTarget,
  StandardJsonSchemaV1,
  StandardSchemaV1,
} from './standard-schema.js';
export { isStandardJsonSchema, isStandardSchema, standardIssuePath } from './standard-schema.js';
export type { VendorArgumentQuirks } from './vendor-arguments.js';
export { decodeVendorArguments } from './vendor-arguments.js';
