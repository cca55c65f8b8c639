import type {
  Arsenal,
  PendingConfirmation,
  Principal,
  ToolDefinition,
  ToolResult,
} from '@arsenal/core';
import { jsonSchema, type Tool, tool } from 'ai';
import { aiSdkToolName } from './tool-name.js';

export interface ArsenalToolOptions {
  /** Who calls: policy, rate limits and audit key on it. */
  principal?: Principal;
  /** The user request the tools serve; kept in the audit record. */
  query?: string;
  /**
   * Map Arsenal's confirmations to the AI SDK's tool approval (`needsApproval`). Default true.
   * When false, a held call comes back to the model as `pending_confirmation`.
   */
  approvals?: boolean;
  /**
   * Calls held for approval, by tool call id. Share one map between the tools of a set so that
   * denied calls can be rejected in Arsenal (`createArsenalToolSelection` does).
   */
  heldCalls?: Map<string, PendingConfirmation>;
}

/** What the model reads back when a call did not succeed. */
export interface ArsenalToolFailure {
  status: Exclude<ToolResult['status'], 'success'>;
  error: string;
  code?: string;
  retryable?: boolean;
  suggestions?: readonly string[];
  confirmationId?: string;
}

function failure(result: ToolResult): ArsenalToolFailure {
  return {
    status: result.status as ArsenalToolFailure['status'],
    error:
      result.status === 'pending_confirmation'
        ? `The call needs a human's confirmation (${result.confirmation?.reason ?? 'policy'}).`
        : (result.error?.message ?? result.status),
    code: result.error?.code,
    retryable: result.error?.retryable,
    suggestions: result.error?.suggestions,
    confirmationId: result.confirmation?.id,
  };
}

/** Calls made while the SDK asked `needsApproval`, kept until `execute` collects them. */
type Parked =
  | { kind: 'done'; result: ToolResult }
  | { kind: 'held'; confirmation: PendingConfirmation };

/**
 * One Arsenal tool as an AI SDK tool. `needsApproval` runs the call through Arsenal: when Arsenal
 * holds it for confirmation the SDK asks for approval, and an approved call confirms the held one
 * (`arsenal.confirm`), so it runs once. Failures are returned to the model as error output, not thrown.
 */
export function toAiSdkTool(
  arsenal: Arsenal,
  definition: ToolDefinition,
  options: ArsenalToolOptions = {},
): Tool<Record<string, unknown>, unknown> {
  const parked = new Map<string, Parked>();
  const run = (input: Record<string, unknown>, toolCallId: string, signal?: AbortSignal) =>
    arsenal.execute({
      tool: definition.qualifiedName,
      arguments: input,
      principal: options.principal,
      query: options.query,
      signal,
      metadata: { toolCallId },
    });
  const approvals = options.approvals ?? true;

  return tool<Record<string, unknown>, unknown>({
    description: definition.description,
    inputSchema: jsonSchema<Record<string, unknown>>(
      definition.parametersSchema as Parameters<typeof jsonSchema>[0],
    ),
    needsApproval: approvals
      ? async (input, { toolCallId }) => {
          const result = await run(input, toolCallId);
          if (result.status === 'pending_confirmation' && result.confirmation) {
            parked.set(toolCallId, { kind: 'held', confirmation: result.confirmation });
            options.heldCalls?.set(toolCallId, result.confirmation);
            return true;
          }
          parked.set(toolCallId, { kind: 'done', result });
          return false;
        }
      : undefined,
    execute: async (input, { toolCallId, abortSignal }) => {
      const found = parked.get(toolCallId);
      parked.delete(toolCallId);
      options.heldCalls?.delete(toolCallId);
      let result: ToolResult;
      if (found?.kind === 'done') result = found.result;
      else if (found?.kind === 'held') {
        try {
          result = await arsenal.confirm(found.confirmation.id);
        } catch (error) {
          return {
            status: 'failure',
            error: (error as Error).message,
          } satisfies ArsenalToolFailure;
        }
      } else result = await run(input, toolCallId, abortSignal);
      return result.status === 'success' ? result.result : failure(result);
    },
    toModelOutput: ({ output }) => {
      const out = output as ArsenalToolFailure | undefined;
      const failed =
        typeof out === 'object' &&
        out !== null &&
        'status' in out &&
        'error' in out &&
        out.status !== undefined;
      if (failed) return { type: 'error-json', value: JSON.parse(JSON.stringify(out)) };
      return typeof output === 'string'
        ? { type: 'text', value: output }
        : { type: 'json', value: JSON.parse(JSON.stringify(output ?? null)) };
    },
  });
}

/** The tools as an AI SDK `ToolSet`, keyed by the name the model sees. Default: the whole catalog. */
export function toAiSdkToolSet(
  arsenal: Arsenal,
  options: ArsenalToolOptions & { tools?: readonly ToolDefinition[] } = {},
): Record<string, Tool<Record<string, unknown>, unknown>> {
  const { tools, ...toolOptions } = options;
  const set: Record<string, Tool<Record<string, unknown>, unknown>> = {};
  for (const definition of tools ?? arsenal.registry.list()) {
    set[aiSdkToolName(definition)] = toAiSdkTool(arsenal, definition, toolOptions);
  }
  return set;
}
