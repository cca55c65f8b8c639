import type { ToolDefinition } from '../tool/tool-definition.js';

/** Counts the prompt tokens a tool costs; plug in an exact tokenizer for a given model. */
export type TokenCounter = (tool: ToolDefinition) => number;

/**
 * Estimates of frozen definitions, made once: a registered definition never changes (its content
 * hash is read lazily on the same ground), and a retrieval asks again for every tool it selects.
 */
const estimates = new WeakMap<ToolDefinition, number>();

/**
 * A dependency-free estimate of a tool's prompt tokens: its name, description and parameter
 * schema as compact JSON, at about 3.6 characters per token (BPE tokenizers on JSON-heavy text),
 * plus a small per-tool framing overhead. Use `contextTokens` from the definition when set.
 */
export const estimateToolTokens: TokenCounter = (tool) => {
  if (tool.cost.contextTokens !== undefined && tool.cost.contextTokens > 0)
    return tool.cost.contextTokens;
  const known = estimates.get(tool);
  if (known !== undefined) return known;
  const text = JSON.stringify({
    name: tool.name,
    description: tool.description,
    parameters: tool.parametersSchema,
  });
  const estimate = Math.ceil(text.length / 3.6) + 8;
  // A definition made by `createToolDefinition` is frozen; another object may still change.
  if (Object.isFrozen(tool)) estimates.set(tool, estimate);
  return estimate;
};
