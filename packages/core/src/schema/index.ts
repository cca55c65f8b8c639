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
export type {
  StandardJsonSchemaTarget,
  StandardJsonSchemaV1,
  StandardSchemaV1,
} from './standard-schema.js';
export { isStandardJsonSchema, isStandardSchema, standardIssuePath } from './standard-schema.js';
