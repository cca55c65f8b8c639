import { CatalogError, type ToolDefinitionError } from '../errors/arsenal-error.js';
import { isJsonSchemaObject } from '../schema/json-schema.js';
import {
  type CreateToolDefinitionOptions,
  createToolDefinition,
} from '../tool/create-tool-definition.js';
import type { ToolDefinition, ToolDefinitionInput } from '../tool/tool-definition.js';

/** How a catalog file is written: one JSON array, or one tool per line (JSON Lines). */
export type CatalogFormat = 'json' | 'jsonl';

// Field spellings other tool formats use, mapped to ToolDefinitionInput's.
const ALIASES: Readonly<Record<string, keyof ToolDefinitionInput>> = {
  input_schema: 'parametersSchema',
  inputSchema: 'parametersSchema',
  parameters_schema: 'parametersSchema',
  returns_schema: 'returnsSchema',
  outputSchema: 'returnsSchema',
  output_schema: 'returnsSchema',
  extended_description: 'extendedDescription',
  source_uri: 'sourceUri',
  requires_confirmation: 'requiresConfirmation',
  created_at: 'createdAt',
  deprecation_message: 'deprecationMessage',
  superseded_by: 'supersededBy',
};

/**
 * Turn one catalog entry into a ToolDefinitionInput: accepts Arsenal's own field names,
 * snake_case spellings, MCP's `inputSchema`, Anthropic's `input_schema`, and the
 * `{name, description, parameters}` shape of OpenAI functions and public benchmarks.
 */
export function catalogEntryToInput(
  entry: unknown,
  location: { source: string; line?: number },
): ToolDefinitionInput {
  if (!isJsonSchemaObject(entry)) {
    throw new CatalogError(
      location.source,
      'each tool must be a JSON object with name and description',
      location.line,
    );
  }
  let record: Record<string, unknown> = entry;
  // OpenAI's {type: 'function', function: {...}} wrapper.
  if (record.type === 'function' && isJsonSchemaObject(record.function)) record = record.function;
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const target = ALIASES[key] ?? key;
    if (input[target] === undefined) input[target] = value;
  }
  if (typeof input.name !== 'string') {
    throw new CatalogError(location.source, 'a tool has no "name" string', location.line);
  }
  return input as unknown as ToolDefinitionInput;
}

/** Entries of a JSON (array, or `{ "tools": [...] }`) or JSONL catalog text. */
export function parseCatalog(
  text: string,
  options: { format: CatalogFormat; source: string },
): ToolDefinitionInput[] {
  const { source } = options;
  if (options.format === 'jsonl') {
    const inputs: ToolDefinitionInput[] = [];
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!.trim();
      if (line === '' || line.startsWith('//')) continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new CatalogError(source, `not valid JSON: ${(error as Error).message}`, index + 1, {
          cause: error,
        });
      }
      inputs.push(catalogEntryToInput(value, { source, line: index + 1 }));
    }
    return inputs;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CatalogError(source, `not valid JSON: ${(error as Error).message}`, undefined, {
      cause: error,
    });
  }
  return catalogValueToInputs(value, source);
}

/** Entries of an already-parsed catalog value (an array, or an object with a `tools` array). */
export function catalogValueToInputs(value: unknown, source: string): ToolDefinitionInput[] {
  const list = Array.isArray(value) ? value : isJsonSchemaObject(value) ? value.tools : undefined;
  if (!Array.isArray(list)) {
    throw new CatalogError(source, 'expected an array of tools or an object with a "tools" array');
  }
  return list.map((entry, index) => catalogEntryToInput(entry, { source, line: index + 1 }));
}

/** Create definitions for catalog entries, collecting failures instead of stopping at the first. */
export function catalogToDefinitions(
  inputs: readonly ToolDefinitionInput[],
  options: CreateToolDefinitionOptions & { defaults?: Partial<ToolDefinitionInput> } = {},
): {
  tools: ToolDefinition[];
  errors: { index: number; name?: string; error: ToolDefinitionError | Error }[];
} {
  const tools: ToolDefinition[] = [];
  const errors: { index: number; name?: string; error: ToolDefinitionError | Error }[] = [];
  inputs.forEach((input, index) => {
    try {
      tools.push(
        createToolDefinition({ source: 'catalog', ...options.defaults, ...input }, options),
      );
    } catch (error) {
      errors.push({
        index,
        name: typeof input.name === 'string' ? input.name : undefined,
        error: error as Error,
      });
    }
  });
  return { tools, errors };
}
