import type { Arsenal, Principal, RetrievalRequest, ToolDefinition } from '@arsenal/core';
import { ArsenalError } from '@arsenal/core';
import type { ChatMessage, ToolCall, ToolCallLLM } from '@llamaindex/core/llms';
import { createWorkflow } from '@llamaindex/workflow';
import { toLlamaIndexTool } from './arsenal-tool.js';
import {
  type ArsenalRunResult,
  type ArsenalStepSelection,
  arsenalConfirmationEvent,
  arsenalConfirmationRequestEvent,
  arsenalStartEvent,
  arsenalStepEvent,
  arsenalStopEvent,
  arsenalToolCallEvent,
} from './arsenal-workflow-events.js';
import { textOf, toolCallsOf } from './chat-messages.js';
import { llamaIndexToolName } from './tool-name.js';
import { guard } from './workflow-guard.js';
import {
  afterCall,
  conversation,
  llmTurnEvent,
  type RunState,
  runCallsEvent,
  stringify,
} from './workflow-run-state.js';
import { type ArsenalWorkflowRunOptions, runToAnswer } from './workflow-runner.js';
import { type ToolSearchModeOptions, WorkflowToolSearch } from './workflow-tool-search.js';

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
  /**
   * Search mode instead of per-turn retrieval: the model is offered a search tool (and the pinned
   * tools); each search adds Arsenal's best matches after the tools it already had, for the rest
   * of the run; a call to a tool no search loaded is refused with a message to search first.
   * `true`, or `{ searchToolName, pinned }`.
   */
  toolSearch?: boolean | ToolSearchModeOptions;
}

/** The tools of a turn in search mode: the search tool, the pinned tools, what the run loaded. */
function searchStep(searchMode: WorkflowToolSearch, state: RunState) {
  const offered = searchMode.offered(state.search!);
  const selection: ArsenalStepSelection = {
    step: state.step,
    query: state.query,
    tools: [searchMode.name, ...offered.keys()],
    scores: {},
    traceId: '',
  };
  return { offered, selection };
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
  const searchMode = options.toolSearch
    ? new WorkflowToolSearch(
        arsenal,
        { principal: options.principal, limit: options.limit, retrieval: options.retrieval },
        options.toolSearch === true ? {} : options.toolSearch,
      )
    : undefined;

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
      ...(searchMode ? { search: searchMode.conversation() } : {}),
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
      const { offered, selection } =
        searchMode && state.search ? searchStep(searchMode, state) : await retrievalStep(state);
      context.sendEvent(arsenalStepEvent.with(selection));
      const tools = [
        ...(searchMode ? [searchMode.tool()] : []),
        ...[...offered.values()].map((d) =>
          toLlamaIndexTool(arsenal, d, { principal: options.principal, query: state.query }),
        ),
      ];
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
      if (searchMode && state.search && call.name === searchMode.name) {
        const output = await searchMode.search(state.search, args);
        return afterCall(context, { ...state, pending: rest }, call, 'success', output);
      }
      if (!definition) {
        const output = JSON.stringify({
          status: 'failure',
          error: searchMode
            ? searchMode.refusal(call.name)
            : `Tool "${call.name}" was not offered at this step; use one of: ${[...state.offered.keys()].join(', ')}.`,
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

  /** The tools of a turn as Arsenal retrieves them for the run so far. */
  async function retrievalStep(state: RunState) {
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
    return { offered, selection };
  }

  return {
    workflow,
    /**
     * Runs one request to its answer. `onConfirmation` answers held calls; without it the run
     * stays paused on the first one, so drive `workflow.createContext()` yourself to answer later.
     */
    run(query: string, runOptions: ArsenalWorkflowRunOptions = {}): Promise<ArsenalRunResult> {
      return runToAnswer(workflow, query, runOptions);
    },
  };
}
