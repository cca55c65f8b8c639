import type { JsonSchema } from '../schema/json-schema.js';
import { splitIdentifier } from '../text/tokenize.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { LexicalDocument, LexicalFieldOptions } from './lexical-types.js';

/**
 * Default field weights. A word in the name says most about a tool; parameter text says least
 * (it describes inputs, not the tool's purpose). Chosen by reasoning about tool catalogs, then
 * checked on the tuning part of the dev benchmarks (docs/benchmarks.md).
 */
export const DEFAULT_LEXICAL_FIELDS: Readonly<Record<string, LexicalFieldOptions>> = {
  name: { weight: 5, b: 0.75, keepStopWords: false },
  namespace: { weight: 0.3, b: 0 },
  description: { weight: 1, b: 0.5 },
  tags: { weight: 0.6, b: 0.3 },
  parameters: { weight: 0.4, b: 0.75 },
  // Parameters most tools of a server share (`tenant`, `retry-mode`): they barely count and do
  // not make their words look common.
  sharedParameters: { weight: 0.05, b: 0.75, documentFrequency: false },
  examples: { weight: 0.8, b: 0.75 },
  extended: { weight: 0.3, b: 0.75 },
  // Default and example values of the tool's own parameters (`B08N5W4NNB`, `Cairo`): a request
  // naming such a value is likely for the tool that documents it.
  parameterValues: { weight: 1, b: 0.75 },
};

/** Default and example values (strings and numbers) of a schema's properties, nested included. */
function collectParameterValues(
  schema: JsonSchema | undefined,
  out: string[],
  depth: number,
): void {
  if (!schema || depth > 3) return;
  const properties = schema.properties;
  if (properties && typeof properties === 'object') {
    for (const key of Object.keys(properties)) {
      const child = properties[key];
      if (!child || typeof child !== 'object') continue;
      pushValue(child.default, out);
      if (Array.isArray(child.examples)) for (const value of child.examples) pushValue(value, out);
      collectParameterValues(child, out, depth + 1);
    }
  }
  if (schema.items && typeof schema.items === 'object')
    collectParameterValues(schema.items, out, depth + 1);
}

function pushValue(value: unknown, out: string[]): void {
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
}

function collectParameterText(schema: JsonSchema | undefined, out: string[], depth: number): void {
  if (!schema || depth > 3) return;
  const properties = schema.properties;
  if (properties && typeof properties === 'object') {
    for (const key of Object.keys(properties)) {
      const child = properties[key];
      out.push(identifierText(key));
      if (child && typeof child === 'object') {
        if (typeof child.description === 'string') out.push(child.description);
        if (Array.isArray(child.enum))
          out.push(child.enum.filter((v) => typeof v === 'string').join(' '));
        collectParameterText(child, out, depth + 1);
      }
    }
  }
  if (schema.items && typeof schema.items === 'object')
    collectParameterText(schema.items, out, depth + 1);
  for (const branches of [schema.anyOf, schema.oneOf, schema.allOf]) {
    if (branches) for (const branch of branches) collectParameterText(branch, out, depth + 1);
  }
}

const LOWER_SNAKE = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** An identifier's words joined by spaces (`issue_id` → `issue id`, `userId` → `user id`). */
function identifierText(identifier: string): string {
  // snake_case without digits next to letters splits at underscores alone.
  if (LOWER_SNAKE.test(identifier) && !/[a-z][0-9]|[0-9][a-z]/.test(identifier))
    return identifier.replaceAll('_', ' ');
  return splitIdentifier(identifier).join(' ');
}

/**
 * The fields of a tool the lexical index reads. `isShared` names the top-level parameters that
 * are boilerplate (shared by most tools of the server); their text goes to `sharedParameters`.
 */
export function toLexicalDocument(
  tool: ToolDefinition,
  isShared?: (key: string) => boolean,
): LexicalDocument {
  const parameters: string[] = [];
  const shared: string[] = [];
  const values: string[] = [];
  const schema = tool.parametersSchema;
  if (isShared && schema?.properties && typeof schema.properties === 'object') {
    const own: Record<string, JsonSchema> = {};
    const common: Record<string, JsonSchema> = {};
    for (const [key, child] of Object.entries(schema.properties)) {
      if (isShared(key)) common[key] = child;
      else own[key] = child;
    }
    collectParameterText({ ...schema, properties: own }, parameters, 0);
    collectParameterValues({ ...schema, properties: own }, values, 0);
    collectParameterText({ properties: common }, shared, 0);
  } else {
    collectParameterText(schema, parameters, 0);
    collectParameterValues(schema, values, 0);
  }
  return {
    name: [splitIdentifier(tool.name).join(' '), tool.title ?? ''].join(' '),
    namespace: splitIdentifier(tool.namespace).join(' '),
    description: tool.description,
    tags: tool.tags.join(' '),
    parameters: parameters.join('\n'),
    sharedParameters: shared.join('\n'),
    examples: tool.examples.join('\n'),
    extended: tool.extendedDescription,
    parameterValues: values.join('\n'),
  };
}

/** One text per tool for embedders and rerankers: name, description, parameters. */
export function toEmbeddingText(tool: ToolDefinition): string {
  const parameters: string[] = [];
  collectParameterText(tool.parametersSchema, parameters, 0);
  const lines = [`${splitIdentifier(tool.name).join(' ')}: ${tool.description}`];
  if (tool.tags.length > 0) lines.push(`Tags: ${tool.tags.join(', ')}`);
  if (parameters.length > 0) lines.push(`Parameters: ${parameters.join('; ')}`);
  if (tool.examples.length > 0) lines.push(`Examples: ${tool.examples.join(' | ')}`);
  return lines.join('\n');
}
