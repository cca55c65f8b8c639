import { FunctionExecutor } from '../execution/function-executor.js';
import type { Executor } from '../ports/executor.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import { type FunctionTool, isFunctionTool } from '../tool/define-tool.js';
import type { ToolDefinition, ToolDefinitionInput } from '../tool/tool-definition.js';
import type { RegisterOptions } from './tool-registry.js';

// The forms a registration takes, and the definition each stands for.

/** Anything `register` accepts: a definition, a plain description, or a function tool. */
export type ToolRegistration = ToolDefinition | ToolDefinitionInput | FunctionTool<never, unknown>;

export function createFunctionToolExecutor(tool: FunctionTool<never, unknown>): Executor {
  const qualifiedName = tool.definition.qualifiedName;
  return new FunctionExecutor(
    tool.handler as FunctionTool['handler'],
    (definition) => definition.qualifiedName === qualifiedName,
  );
}

export function isToolDefinition(value: ToolRegistration): value is ToolDefinition {
  if (typeof (value as ToolDefinition).qualifiedName !== 'string') return false;
  // Not a read of contentHash: that would compute the hash a definition defers until needed.
  const hash = Object.getOwnPropertyDescriptor(value, 'contentHash');
  return hash !== undefined && (hash.get !== undefined || typeof hash.value === 'string');
}

/**
 * The definition a registration stands for: a function tool's own, a definition as it is, or a
 * plain description validated (and checked by the hygiene `options` ask for) with the defaults
 * of `options` applied. Throws ToolDefinitionError or SuspiciousContentError.
 */
export function definitionOf(
  registration: ToolRegistration,
  options: RegisterOptions = {},
): ToolDefinition {
  if (isFunctionTool(registration)) return registration.definition;
  if (isToolDefinition(registration)) return registration;
  // The defaults of `options` (namespace, source) apply inside createToolDefinition: a spread
  // copy of each input here gave every definition's input an object of its own shape, and
  // reading its fields was a third of a definition's cost.
  return createToolDefinition(registration as ToolDefinitionInput, options);
}
