export { EMPTY_OBJECT_SCHEMA, isJsonSchemaObject } from './json-schema.js';
export type { FromJsonSchema, JsonSchema, JsonSchemaType } from './json-schema.js';
export { isStandardJsonSchema, isStandardSchema, standardIssuePath } from './standard-schema.js';
export type {
  StandardJsonSchemaTarget,
  StandardJsonSchemaV1,
  StandardSchemaV1,
} from './standard-schema.js';
