export type { AjvSchemaValidatorOptions } from './ajv-schema-validator.js';
export { AjvSchemaValidator, createAjvSchemaValidator } from './ajv-schema-validator.js';
