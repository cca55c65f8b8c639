import type { Arsenal, Principal, ToolDefinition, ToolResult } from '@arsenal/core';
import type { JSONValue } from '@llamaindex/core/global';
import { FunctionTool } from '@llamaindex/core/tools';
import { llamaIndexToolName } from './tool-name.js';

/** What a confirmation handler is told about a held call. */
export interface ConfirmationRequest {
  qualifiedName: string;
  arguments: Record<string, unknown>;
  confirmationId: string;
  reason: string;
}

export interface ArsenalToolOptions {
  /** Who calls: policy, rate limits and audit key on it. */
  principal?: Principal;
  /** The user request the tool serves; kept in the audit record. */
  query?: string;
  /**
   * Asked when Arsenal holds a call for confirmation; `true` confirms it, `false` rejects it.
   * Without it the model is told the call awaits confirmation.
   */
  onConfirmation?: (request: ConfirmationRequest) => boolean | Promise<boolean>;
}

function toJson(value: unknown): JSONValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JSONValue;
}

/** What the model reads: the result, or `{ status, error, ... }` when the call did not succeed. */
export function modelOutput(result: ToolResult): JSONValue {
  if (result.status === 'success') {
    return typeof result.result === 'string' ? result.result : toJson(result.result);
  }
  return toJson({
    status: result.status,
    error:
      result.status === 'pending_confirmation'
        ? `The call needs a human's confirmation (${result.confirmation?.reason ?? 'policy'}); ask the user.`
        : (result.error?.message ?? result.status),
    code: result.error?.code,
    suggestions: result.error?.suggestions,
    confirmationId: result.confirmation?.id,
  });
}

/**
 * One Arsenal tool as a LlamaIndex `FunctionTool`: its JSON Schema as parameters and
 * `arsenal.execute` behind it. Failures are returned to the model, never thrown.
 */
export function toLlamaIndexTool(
  arsenal: Arsenal,
  definition: ToolDefinition,
  options: ArsenalToolOptions = {},
): FunctionTool<Record<string, unknown>, Promise<JSONValue>> {
  const run = async (input: Record<string, unknown>): Promise<JSONValue> => {
    const args = input ?? {};
    let result = await arsenal.execute({
      tool: definition.qualifiedName,
      arguments: args,
      principal: options.principal,
      query: options.query,
    });
    if (result.status === 'pending_confirmation' && result.confirmation && options.onConfirmation) {
      const { id, reason } = result.confirmation;
      const approved = await options.onConfirmation({
        qualifiedName: definition.qualifiedName,
        arguments: args,
        confirmationId: id,
        reason,
      });
      try {
        result = approved ? await arsenal.confirm(id) : await arsenal.reject(id);
      } catch (error) {
        return toJson({ status: 'failure', error: (error as Error).message });
      }
    }
    return modelOutput(result);
  };
  return new FunctionTool<Record<string, unknown>, Promise<JSONValue>>(run, {
    name: llamaIndexToolName(definition),
    description: definition.description,
    parameters: definition.parametersSchema as never,
  });
}

export interface ArsenalToolRetrieverOptions extends ArsenalToolOptions {
  /** Tools per query. Default 5. */
  limit?: number;
}

/**
 * Picks the tools for a query from Arsenal, as LlamaIndex tools: the object-retriever shape
 * LlamaIndex agents use (`retrieve(query)`).
 */
export class ArsenalToolRetriever {
  readonly #arsenal: Arsenal;
  readonly #options: ArsenalToolRetrieverOptions;

  constructor(arsenal: Arsenal, options: ArsenalToolRetrieverOptions = {}) {
    this.#arsenal = arsenal;
    this.#options = options;
  }

  async retrieve(
    query: string,
  ): Promise<FunctionTool<Record<string, unknown>, Promise<JSONValue>>[]> {
    const { limit, ...toolOptions } = this.#options;
    const found = await this.#arsenal.retrieve({
      query,
      limit: limit ?? 5,
      principal: toolOptions.principal,
    });
    return found.tools.map(({ tool }) =>
      toLlamaIndexTool(this.#arsenal, tool, { ...toolOptions, query }),
    );
  }
}
