import {
  type Arsenal,
  ConfirmationError,
  type PendingConfirmation,
  type Principal,
  type ToolDefinition,
  type ToolResult,
} from '@arsenal/core';
import { ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool } from '@langchain/core/tools';
import { isToolResultOk, toolResultContent } from './tool-content.js';
import { langChainToolName } from './tool-name.js';

/** A human's answer to a confirmation: `true`/`false`, or an object with the decision. */
export type ConfirmationAnswer = boolean | { approved: boolean; reason?: string };

/** What a confirmation handler is told about the paused call. */
export interface ConfirmationRequest {
  tool: string;
  qualifiedName: string;
  arguments: Record<string, unknown>;
  confirmation: PendingConfirmation;
  toolCallId?: string;
}

export interface ArsenalToolOptions {
  /** Who calls: policy, rate limits and audit key on it. */
  principal?: Principal;
  /** The user request the tool serves; kept in the audit record and used for learning. */
  query?: string;
  /** Name the model sees. Default `name` (`namespace__name` outside the default namespace). */
  name?: string;
  /**
   * Asked when Arsenal holds a call for confirmation; the call is confirmed or rejected with the
   * answer. Without it the model is told the call awaits confirmation.
   */
  onConfirmation?: (
    request: ConfirmationRequest,
  ) => ConfirmationAnswer | Promise<ConfirmationAnswer>;
  /**
   * Pending confirmations by tool call id, kept between a pause and its resume so that a resumed
   * call confirms the pending one instead of running again. Share one map per agent.
   */
  pendingConfirmations?: Map<string, PendingConfirmation>;
}

function approved(answer: ConfirmationAnswer): boolean {
  return typeof answer === 'boolean' ? answer : answer?.approved === true;
}

/**
 * An Arsenal tool as a LangChain structured tool. Its schema is the tool's JSON Schema; calling it
 * runs `arsenal.execute` with the given principal. Failures come back as the tool's output (a
 * `ToolMessage` with status `error` when called with a tool call), never as a thrown error.
 */
export function toLangChainTool(
  arsenal: Arsenal,
  definition: ToolDefinition,
  options: ArsenalToolOptions = {},
): DynamicStructuredTool {
  const pending = options.pendingConfirmations ?? new Map<string, PendingConfirmation>();
  const name = options.name ?? langChainToolName(definition);

  async function settle(
    args: Record<string, unknown>,
    toolCallId: string | undefined,
    held: PendingConfirmation,
  ): Promise<ToolResult> {
    const handler = options.onConfirmation as NonNullable<ArsenalToolOptions['onConfirmation']>;
    const answer = await handler({
      tool: name,
      qualifiedName: definition.qualifiedName,
      arguments: args,
      confirmation: held,
      toolCallId,
    });
    if (toolCallId) pending.delete(toolCallId);
    return approved(answer) ? arsenal.confirm(held.id) : arsenal.reject(held.id);
  }

  async function run(args: Record<string, unknown>, toolCallId: string | undefined) {
    const held = toolCallId ? pending.get(toolCallId) : undefined;
    if (held && options.onConfirmation) return settle(args, toolCallId, held);
    const result = await arsenal.execute({
      tool: definition.qualifiedName,
      arguments: args,
      principal: options.principal,
      query: options.query,
      metadata: toolCallId ? { toolCallId } : undefined,
    });
    if (
      result.status !== 'pending_confirmation' ||
      !result.confirmation ||
      !options.onConfirmation
    ) {
      return result;
    }
    if (toolCallId) pending.set(toolCallId, result.confirmation);
    return settle(args, toolCallId, result.confirmation);
  }

  return new DynamicStructuredTool({
    name,
    description: definition.description,
    schema: definition.parametersSchema as Record<string, unknown>,
    metadata: { arsenalTool: definition.qualifiedName },
    func: async (args: Record<string, unknown>, _runManager, config) => {
      const toolCallId = (config as { toolCall?: { id?: string } } | undefined)?.toolCall?.id;
      let result: ToolResult;
      try {
        result = await run(args ?? {}, toolCallId);
      } catch (error) {
        // A confirmation handler that pauses the run (a LangGraph interrupt) must propagate.
        if (!ConfirmationError.isInstance(error)) throw error;
        return toolCallId
          ? new ToolMessage({
              content: JSON.stringify({ status: 'failure', error: error.message }),
              tool_call_id: toolCallId,
              name,
              status: 'error',
            })
          : JSON.stringify({ status: 'failure', error: error.message });
      }
      const content = toolResultContent(result);
      if (!toolCallId) return content;
      return new ToolMessage({
        content,
        tool_call_id: toolCallId,
        name,
        status: isToolResultOk(result) ? 'success' : 'error',
        artifact: result,
      });
    },
  });
}

export interface RetrieveLangChainToolsOptions extends ArsenalToolOptions {
  /** Most tools to return. Default 5. */
  limit?: number;
}

/** The tools Arsenal retrieves for a request, as LangChain tools, best first. */
export async function retrieveLangChainTools(
  arsenal: Arsenal,
  query: string,
  options: RetrieveLangChainToolsOptions = {},
): Promise<DynamicStructuredTool[]> {
  const { limit, ...toolOptions } = options;
  const retrieved = await arsenal.retrieve({
    query,
    limit: limit ?? 5,
    principal: options.principal,
  });
  return retrieved.tools.map(({ tool }) =>
    toLangChainTool(arsenal, tool, { query, ...toolOptions, name: undefined }),
  );
}
