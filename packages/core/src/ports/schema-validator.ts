import type { JsonSchema } from '../schema/json-schema.js';
import type { JsonSchemaValidator } from '../schema/json-schema-validator.js';

/**
 * Checks tool arguments against the tool's JSON Schema. Core's own validator
 * (`coreSchemaValidator`) is the default; `@arsenal/validator-ajv` is another, and anything that
 * passes `describeSchemaValidatorConformance` from `@arsenal/testkit` can stand in.
 *
 * The engine compiles each tool's parameters schema once, on the tool's first call, and keeps
 * the compiled function for later calls.
 *
 * @example
 * ```ts
 * // createAjvSchemaValidator comes from @arsenal/validator-ajv
 * const arsenal = createArsenal({ execution: { schemaValidator: createAjvSchemaValidator() } });
 * ```
 */
export interface SchemaValidator {
  /** Names the implementation in error messages: `core`, `ajv`. */
  readonly name: string;
  /**
   * Prepare a schema for many validations. Throws an `ArsenalError` (say what in the schema it
   * cannot use) when the schema cannot be compiled; a call to a tool whose schema fails here is
   * refused as invalid. The returned function never throws: every problem is an issue, with
   * `path` a JSON Pointer into the value (`""` for the root, `/city`, `/tags/0`) and `message`
   * a sentence fragment a model can act on (`is required`, `must be string`). Its `value` is the
   * value with schema defaults filled in, a copy whenever one was added: the input is never
   * changed.
   */
  compile(schema: JsonSchema | boolean): JsonSchemaValidator;
}
