import type {
  Arsenal,
  ConversationContext,
  Principal,
  RetrievalRequest,
  ToolDefinition,
  ToolResult,
} from '@arsenal/core';
import { ArsenalError } from '@arsenal/core';
import type { ChatMessage, ToolCall, ToolCallLLM } from '@llamaindex/core/llms';
import {
  createWorkflow,
  type WorkflowContext,
  type WorkflowEventData,
  workflowEvent,
} from '@llamaindex/workflow';
import { modelOutput, toLlamaIndexTool } from './arsenal-tool.js';
import {
  type ArsenalConfirmationRequestData,
  type ArsenalRunResult,
  type ArsenalStepSelection,
  arsenalConfirmationEvent,
  arsenalConfirmationRequestEvent,
  arsenalErrorEvent,
  arsenalStartEvent,
  arsenalStepEvent,
  arsenalStopEvent,
  arsenalToolCallEvent,
  arsenalToolResultEvent,
} from './arsenal-workflow-events.js';
import { hasToolResult, textOf, toolCallsOf } from './chat-messages.js';
import { llamaIndexToolName } from './tool-name.js';

export interface ArsenalWorkflowOptions {
  /** An LLM with tool calling. */
  llm: ToolCallLLM;
  /** Who calls: policy, visibility, rate limits and audit key on it. */
  principal?: Principal;
  /** Tools offered per step. Default 5. */
  limit?: number;
  /** Model turns per run before it stops with an error. Default 10. */
  maxSteps?: number;
  systemPrompt?: string;
  /** Further retrieval settings (token budget, filters, pinned tools...). */
  retrieval?: Omit<RetrievalRequest, 'query' | 'principal' | 'context' | 'limit'>;
}

interface RunState {
  query: string;
  messages: ChatMessage[];
  step: number;
  steps: ArsenalStepSelection[];
  offered: Map<string, ToolDefinition>;
  pending: ToolCall[];
  used: Set<string>;
  failed: Set<string>;
}

const llmTurnEvent = workflowEvent<RunState>({ debugLabel: 'arsenal-llm-turn' });
const runCallsEvent = workflowEvent<RunState>({ debugLabel: 'arsenal-run-calls' });

function conversation(state: RunState): ConversationContext {
  const recentMessages = state.messages
    .filter((m) => (m.role === 'user' || m.role === 'assistant') && !hasToolResult(m))
    .slice(-6)
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: textOf(m) }))
    .filter((m) => m.content.length > 0);
  return { recentMessages, usedTools: [...state.used], failedTools: [...state.failed] };
}

/**
 * A LlamaIndex workflow that asks Arsenal for the tools at every model turn (not once per run),
 * runs the calls through `arsenal.execute`, and pauses on calls that need a human's confirmation:
 * it emits `arsenalConfirmationRequestEvent` and waits until `arsenalConfirmationEvent` arrives.
 */
export function createArsenalWorkflow(arsenal: Arsenal, options: ArsenalWorkflowOptions) {
  const workflow = createWorkflow();
  const limit = options.limit ?? 5;
  const maxSteps = options.maxSteps ?? 10;
  const held = new Map<string, { state: RunState; call: ToolCall }>();

  workflow.handle([arsenalStartEvent], (_context, start) => {
    const { query, chatHistory = [] } = start.data;
    const system: ChatMessage[] = options.systemPrompt
      ? [{ role: 'system', content: options.systemPrompt }]
      : [];
    return llmTurnEvent.with({
      query,
      messages: [...system, ...chatHistory, { role: 'user', content: query }],
      step: 0,
      steps: [],
      offered: new Map(),
      pending: [],
      used: new Set(),
      failed: new Set(),
    });
  });

  workflow.handle(
    [llmTurnEvent],
    guard(async (context, event) => {
      const state = event.data;
      if (state.step >= maxSteps) {
        throw new ArsenalError(
          'call_limit_exceeded',
          `The run reached maxSteps (${maxSteps}) without a final answer: raise maxSteps, or check that the model can answer with the tools it is offered.`,
        );
      }
      const found = await arsenal.retrieve({
        ...options.retrieval,
        query: state.query,
        context: conversation(state),
        limit,
        principal: options.principal,
      });
      const offered = new Map<string, ToolDefinition>();
      const scores: Record<string, number> = {};
      for (const { tool, score } of found.tools) {
        const name = llamaIndexToolName(tool);
        offered.set(name, tool);
        scores[name] = score;
      }
      const selection: ArsenalStepSelection = {
        step: state.step,
        query: state.query,
        tools: [...offered.keys()],
        scores,
        traceId: found.traceId,
      };
      context.sendEvent(arsenalStepEvent.with(selection));
      const tools = [...offered.values()].map((d) =>
        toLlamaIndexTool(arsenal, d, { principal: options.principal, query: state.query }),
      );
      const response = await options.llm.chat({ messages: state.messages, tools });
      const message = response.message as ChatMessage;
      const next = { ...state, offered, steps: [...state.steps, selection] };
      next.messages = [...state.messages, message];
      const calls = toolCallsOf(message);
      if (calls.length === 0)
        return arsenalStopEvent.with({ result: textOf(message), steps: next.steps });
      return runCallsEvent.with({ ...next, pending: calls });
    }),
  );

  workflow.handle(
    [runCallsEvent],
    guard(async (context, event) => {
      const state = event.data;
      const [call, ...rest] = state.pending;
      if (!call) return llmTurnEvent.with({ ...state, step: state.step + 1 });
      const definition = state.offered.get(call.name);
      const args = call.input as Record<string, unknown>;
      context.sendEvent(
        arsenalToolCallEvent.with({
          step: state.step,
          callId: call.id,
          tool: call.name,
          arguments: args,
        }),
      );
      if (!definition) {
        const output = JSON.stringify({
          status: 'failure',
          error: `Tool "${call.name}" was not offered at this step; use one of: ${[...state.offered.keys()].join(', ')}.`,
        });
        return afterCall(context, { ...state, pending: rest }, call, 'failure', output);
      }
      const result = await arsenal.execute({
        tool: definition.qualifiedName,
        arguments: args,
        principal: options.principal,
        query: state.query,
      });
      if (result.status === 'pending_confirmation' && result.confirmation) {
        held.set(result.confirmation.id, { state: { ...state, pending: rest }, call });
        context.sendEvent(
          arsenalConfirmationRequestEvent.with({
            step: state.step,
            callId: call.id,
            qualifiedName: definition.qualifiedName,
            arguments: args,
            confirmationId: result.confirmation.id,
            reason: result.confirmation.reason,
          }),
        );
        return;
      }
      state.used.add(definition.qualifiedName);
      if (result.status !== 'success') state.failed.add(definition.qualifiedName);
      return afterCall(
        context,
        { ...state, pending: rest },
        call,
        result.status,
        stringify(result),
      );
    }),
  );

  workflow.handle(
    [arsenalConfirmationEvent],
    guard(async (context, event) => {
      const { confirmationId, approved } = event.data;
      const entry = held.get(confirmationId);
      if (!entry) {
        throw new ArsenalError(
          'confirmation_invalid',
          `No call of this workflow waits for confirmation "${confirmationId}": answer with the confirmationId of an arsenalConfirmationRequestEvent.`,
        );
      }
      held.delete(confirmationId);
      const result = approved
        ? await arsenal.confirm(confirmationId)
        : await arsenal.reject(confirmationId);
      const qualified = entry.state.offered.get(entry.call.name)?.qualifiedName ?? entry.call.name;
      entry.state.used.add(qualified);
      if (result.status !== 'success' && result.status !== 'cancelled')
        entry.state.failed.add(qualified);
      return afterCall(context, entry.state, entry.call, result.status, stringify(result));
    }),
  );

  function afterCall(
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

  return {
    workflow,
    /**
     * Runs one request to its answer. `onConfirmation` answers held calls; without it the run
     * stays paused on the first one, so drive `workflow.createContext()` yourself to answer later.
     */
    async run(
      query: string,
      runOptions: {
        chatHistory?: ChatMessage[];
        onConfirmation?: (request: ArsenalConfirmationRequestData) => boolean | Promise<boolean>;
        signal?: AbortSignal;
      } = {},
    ): Promise<ArsenalRunResult> {
      const { stream, sendEvent } = workflow.createContext();
      sendEvent(arsenalStartEvent.with({ query, chatHistory: runOptions.chatHistory }));
      const reader = stream.getReader();
      for (;;) {
        const { done, value: event } = await reader.read();
        if (done) break;
        runOptions.signal?.throwIfAborted();
        if (arsenalErrorEvent.include(event)) {
          reader.releaseLock();
          throw event.data.error;
        }
        if (arsenalStopEvent.include(event)) {
          reader.releaseLock();
          return event.data;
        }
        if (arsenalConfirmationRequestEvent.include(event)) {
          if (!runOptions.onConfirmation) {
            throw new ArsenalError(
              'confirmation_required',
              `The call to ${event.data.qualifiedName} waits for confirmation "${event.data.confirmationId}": pass onConfirmation to run(), or drive workflow.createContext() yourself and send arsenalConfirmationEvent.`,
            );
          }
          const approved = await runOptions.onConfirmation(event.data);
          sendEvent(
            arsenalConfirmationEvent.with({ confirmationId: event.data.confirmationId, approved }),
          );
        }
      }
      throw new ArsenalError('internal', 'The workflow ended without an answer.');
    },
  };
}

/** Turns a handler's failure into `arsenalErrorEvent`, so it reaches the stream's reader. */
function guard<Data, Result>(
  handler: (context: WorkflowContext, event: WorkflowEventData<Data>) => Promise<Result>,
) {
  return async (context: WorkflowContext, event: WorkflowEventData<Data>) => {
    try {
      return await handler(context, event);
    } catch (error) {
      return arsenalErrorEvent.with({
        error: ArsenalError.isInstance(error)
          ? error
          : new ArsenalError('execution_failed', `The workflow step failed: ${String(error)}`, {
              cause: error,
            }),
      });
    }
  };
}

function stringify(result: ToolResult): string {
  const output = modelOutput(result);
  return typeof output === 'string' ? output : JSON.stringify(output);
}
