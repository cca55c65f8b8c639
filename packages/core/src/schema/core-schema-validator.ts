import type { SchemaValidator } from '../ports/schema-validator.js';
import { createJsonSchemaValidator } from './json-schema-validator.js';

/**
 * Core's own JSON Schema validator as a `SchemaValidator`: the default of
 * `createArsenal({ execution: { schemaValidator } })`. No dependencies; it covers the keywords tool
 * schemas use (see createJsonSchemaValidator), fills defaults, and never refuses to compile: a
 * `$ref` it cannot resolve is an issue of each value instead.
 *
 * @example
 * ```ts
 * const validate = coreSchemaValidator.compile({ type: 'object', required: ['city'] });
 * validate({}).issues; // [{ path: '/city', message: 'is required' }]
 * ```
 */
export const coreSchemaValidator: SchemaValidator = Object.freeze<SchemaValidator>({
  name: 'core',
  compile: (schema) => createJsonSchemaValidator(schema),
});
