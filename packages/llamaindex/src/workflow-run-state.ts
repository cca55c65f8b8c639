import type { ConversationContext, ToolDefinition, ToolResult } from '@arsenal/core';
import type { ToolSearchConversation } from '@arsenal/tool-search';
import type { ChatMessage, ToolCall } from '@llamaindex/core/llms';
import { type WorkflowContext, workflowEvent } from '@llamaindex/workflow';
import { modelOutput } from './arsenal-tool.js';
import { type ArsenalStepSelection, arsenalToolResultEvent } from './arsenal-workflow-events.js';
import { hasToolResult, textOf } from './chat-messages.js';

/** What one run carries from step to step. */
export interface RunState {
  query: string;
  messages: ChatMessage[];
  step: number;
  steps: ArsenalStepSelection[];
  offered: Map<string, ToolDefinition>;
  pending: ToolCall[];
  used: Set<string>;
  failed: Set<string>;
  /** In search mode: what the run has loaded. */
  search?: ToolSearchConversation;
}

/** The model's next turn: retrieve tools for it, then ask the model. */
export const llmTurnEvent = workflowEvent<RunState>({ debugLabel: 'arsenal-llm-turn' });
/** Run the calls of the last turn one by one (`pending`), then go back to the model. */
export const runCallsEvent = workflowEvent<RunState>({ debugLabel: 'arsenal-run-calls' });

/** What retrieval learns from the run so far: recent messages, tools used and failed. */
export function conversation(state: RunState): ConversationContext {
  const recentMessages = state.messages
    .filter((m) => (m.role === 'user' || m.role === 'assistant') && !hasToolResult(m))
    .slice(-6)
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: textOf(m) }))
    .filter((m) => m.content.length > 0);
  return { recentMessages, usedTools: [...state.used], failedTools: [...state.failed] };
}

/** Reports a call's result and hands it to the model as a tool result; the next call runs after. */
export function afterCall(
  context: WorkflowContext,
  state: RunState,
  call: ToolCall,
  status: ToolResult['status'],
  output: string,
) {
  const args = call.input as Record<string, unknown>;
  context.sendEvent(
    arsenalToolResultEvent.with({
      step: state.step,
      callId: call.id,
      tool: call.name,
      arguments: args,
      status,
      output,
    }),
  );
  const message: ChatMessage = {
    role: 'user',
    content: output,
    options: { toolResult: { id: call.id, result: output, isError: status !== 'success' } },
  };
  return runCallsEvent.with({ ...state, messages: [...state.messages, message] });
}

/** A tool result as the text the model reads. */
export function stringify(result: ToolResult): string {
  const output = modelOutput(result);
  return typeof output === 'string' ? output : JSON.stringify(output);
}
