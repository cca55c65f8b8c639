import { defineTool, type FunctionTool, type JsonSchema, ToolDefinitionError } from '@arsenal/core';
import { toToolName } from '@arsenal/core/adapter';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { isInteropZodSchema } from '@langchain/core/utils/types';

export interface FromLangChainToolOptions {
  /**
   * The Arsenal name (snake_case). Default: the LangChain name made snake_case
   * (`getWeather` and `get-weather` become `get_weather`); the original stays in
   * `metadata.langchainTool`.
   */
  name?: string;
  /** Arsenal namespace for the tool. Default `default`. */
  namespace?: string;
  version?: string;
  tags?: readonly string[];
  examples?: readonly string[];
  /** Mark calls as needing a human's confirmation. */
  requiresConfirmation?: boolean;
}

function schemaOf(tool: StructuredToolInterface): JsonSchema {
  const schema: unknown = tool.schema;
  if (isInteropZodSchema(schema)) {
    const { $schema: _ignored, ...json } = toJsonSchema(schema) as Record<string, unknown>;
    return json as JsonSchema;
  }
  if (typeof schema === 'object' && schema !== null) return schema as JsonSchema;
  throw new ToolDefinitionError(tool.name, [
    {
      path: '/schema',
      message: 'the LangChain tool has no usable schema; give it a zod object or a JSON Schema',
    },
  ]);
}

/**
 * An existing LangChain tool as an Arsenal tool, so that it gains retrieval, policy, retries and
 * audit. Register the result with `arsenal.register(...)`. The handler invokes the LangChain tool;
 * what it throws becomes an Arsenal failure.
 */
export function fromLangChainTool(
  tool: StructuredToolInterface,
  options: FromLangChainToolOptions = {},
): FunctionTool {
  const input = schemaOf(tool);
  return defineTool({
    name: options.name ?? (toToolName(tool.name) || tool.name),
    description: tool.description,
    namespace: options.namespace,
    version: options.version,
    tags: options.tags,
    examples: options.examples,
    requiresConfirmation: options.requiresConfirmation,
    metadata: { langchainTool: tool.name },
    input,
    handler: async (args, context) => {
      const output: unknown = await tool.invoke(args as Record<string, unknown>, {
        signal: context.signal,
      });
      return output;
    },
  }) as FunctionTool;
}
