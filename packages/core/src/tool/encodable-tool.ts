import { TranscodeError } from '../errors/arsenal-error.js';
import { copyJson } from '../schema/json-copy.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from './tool-definition.js';

/** The vendor's limits a tool must fit to be encoded. */
export interface AssertEncodableToolOptions {
  /** The vendor format, for the error: `openai`, `anthropic`... */
  dialect: string;
  /** The longest tool name the vendor accepts. Default: no limit beyond Arsenal's own. */
  maxNameLength?: number;
}

/**
 * Refuse, before encoding, anything that is not a definition from `createToolDefinition`, and
 * names longer than the vendor allows (which its API would otherwise refuse at request time).
 * Throws TranscodeError naming the fix.
 *
 * @example assertEncodableTool(tool, { dialect: 'openai', maxNameLength: 64 })
 */
export function assertEncodableTool(tool: unknown, options: AssertEncodableToolOptions): void {
  const { dialect, maxNameLength } = options;
  const candidate = tool as { name?: unknown; description?: unknown; parametersSchema?: unknown };
  if (
    typeof tool !== 'object' ||
    tool === null ||
    typeof candidate.name !== 'string' ||
    typeof candidate.description !== 'string' ||
    typeof candidate.parametersSchema !== 'object' ||
    candidate.parametersSchema === null
  ) {
    throw new TranscodeError(
      dialect,
      'Cannot encode: expected a ToolDefinition with name, description and parametersSchema; build one with createToolDefinition(input) first.',
    );
  }
  const { name } = candidate;
  if (maxNameLength !== undefined && name.length > maxNameLength) {
    throw new TranscodeError(
      dialect,
      `Tool "${name}" has a ${name.length}-character name; ${dialect} allows at most ${maxNameLength}. Register it under a shorter name.`,
    );
  }
}

/**
 * The first step of every encoder: refuse what `assertEncodableTool` refuses, then return a deep
 * copy of the parameters schema that the vendor format may rewrite freely.
 *
 * @example const schema = encodableParametersSchema(tool, { dialect: 'openai', maxNameLength: 64 })
 */
export function encodableParametersSchema(
  tool: ToolDefinition,
  options: AssertEncodableToolOptions,
): JsonSchema {
  assertEncodableTool(tool, options);
  return copyJson(tool.parametersSchema, { dialect: options.dialect, path: '/parametersSchema' });
}
