import { ToolDefinitionError } from '../errors/arsenal-error.js';
import type { ToolCallContext } from '../ports/executor.js';
import type { FromJsonSchema, JsonSchema } from '../schema/json-schema.js';
import {
  isStandardJsonSchema,
  isStandardSchema,
  type StandardJsonSchemaV1,
  type StandardSchemaV1,
} from '../schema/standard-schema.js';
import {
  type CreateToolDefinitionOptions,
  createToolDefinition,
} from './create-tool-definition.js';
import type { ToolDefinition, ToolDefinitionInput } from './tool-definition.js';

/** A tool implemented by an in-process function, ready to register. */
export interface FunctionTool<Args = Record<string, unknown>, Result = unknown> {
  readonly kind: 'function';
  readonly definition: ToolDefinition;
  /** The Standard Schema arguments are validated with, when the tool was defined with one. */
  readonly inputSchema?: StandardSchemaV1;
  /** Runs the tool: receives the validated arguments and the call's context. */
  readonly handler: (args: Args, context: ToolCallContext) => Result | Promise<Result>;
}

type ToolSchema = StandardJsonSchemaV1 | JsonSchema;

/** The handler's argument type for a given `input`. */
export type InferToolInput<S> = S extends StandardSchemaV1
  ? StandardSchemaV1.InferOutput<S>
  : FromJsonSchema<S>;

/**
 * What `defineTool` takes: a tool definition input with a Standard Schema or JSON Schema for its
 * arguments, and the handler.
 */
export type DefineToolSpec<S extends ToolSchema, Result> = Omit<
  ToolDefinitionInput,
  'parametersSchema' | 'parameters' | 'returnsSchema' | 'source'
> & {
  /** Arguments: a Standard Schema with JSON Schema support (zod 4...), or a JSON Schema `as const`. */
  input: S;
  /** Result schema, either kind. */
  output?: ToolSchema;
  /** Runs the tool: receives the validated arguments and the call's context. */
  handler: (args: InferToolInput<S>, context: ToolCallContext) => Result | Promise<Result>;
  /** Hygiene and clock options for the definition. */
  definitionOptions?: CreateToolDefinitionOptions;
};

function toJsonSchema(
  schema: ToolSchema,
  which: 'input' | 'output',
  path: string,
  toolName: string,
): JsonSchema {
  if (isStandardSchema(schema)) {
    if (!isStandardJsonSchema(schema)) {
      throw new ToolDefinitionError(toolName, [
        {
          path,
          message: `the ${(schema as StandardSchemaV1)['~standard'].vendor} schema does not implement Standard JSON Schema (~standard.jsonSchema); upgrade it (zod >= 4.2) or pass a JSON Schema`,
        },
      ]);
    }
    try {
      const { $schema: _ignored, ...jsonSchema } = schema['~standard'].jsonSchema[which]({
        target: 'draft-2020-12',
      });
      return jsonSchema as JsonSchema;
    } catch (error) {
      throw new ToolDefinitionError(
        toolName,
        [
          {
            path,
            message: `could not convert the schema to JSON Schema: ${(error as Error).message}`,
          },
        ],
        { cause: error },
      );
    }
  }
  return schema;
}

/**
 * Define a tool from a function. The handler's argument type comes from `input`.
 *
 * @example
 * const add = defineTool({
 *   name: 'add_numbers',
 *   description: 'Add two numbers and return the sum.',
 *   input: z.object({ a: z.number(), b: z.number() }),
 *   handler: ({ a, b }) => a + b,
 * });
 */
export function defineTool<const S extends ToolSchema, Result = unknown>(
  spec: DefineToolSpec<S, Result>,
): FunctionTool<InferToolInput<S>, Result> {
  const { input, output, handler, definitionOptions, ...rest } = spec;
  if (typeof handler !== 'function') {
    throw new ToolDefinitionError(spec.name, [{ path: '/handler', message: 'must be a function' }]);
  }
  const parametersSchema = toJsonSchema(input, 'input', '/input', spec.name);
  const returnsSchema = output ? toJsonSchema(output, 'output', '/output', spec.name) : undefined;
  const definition = createToolDefinition(
    { ...rest, parametersSchema, returnsSchema, source: 'function' },
    definitionOptions,
  );
  return Object.freeze({
    kind: 'function' as const,
    definition,
    inputSchema: isStandardSchema(input) ? input : undefined,
    handler,
  });
}

/** Whether `value` is a tool made by {@link defineTool} (a definition with its handler). */
export function isFunctionTool(value: unknown): value is FunctionTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'function' &&
    typeof (value as { handler?: unknown }).handler === 'function' &&
    typeof (value as { definition?: unknown }).definition === 'object'
  );
}
