import {
  type Arsenal,
  ConfigurationError,
  type PendingConfirmation,
  type Principal,
} from '@arsenal/core';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import {
  type AIMessage,
  type BaseMessage,
  isAIMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import {
  Annotation,
  type BaseCheckpointSaver,
  END,
  interrupt,
  isGraphInterrupt,
  MessagesAnnotation,
  START,
  StateGraph,
} from '@langchain/langgraph';
import {
  type ConfirmationAnswer,
  type ConfirmationRequest,
  toLangChainTool,
} from '../arsenal-tool.js';
import {
  SEARCH_TOOL_QUALIFIED_NAME,
  ToolSearchMode,
  type ToolSearchModeOptions,
} from './tool-search-selection.js';
import { type SelectToolsOptions, selectTools, type ToolSelection } from './tool-selection.js';

/** What the graph pauses with when a call needs a human's confirmation (`interrupt` value). */
export interface ConfirmationInterrupt extends ConfirmationRequest {
  type: 'arsenal_confirmation';
}

export interface ArsenalAgentOptions extends SelectToolsOptions {
  arsenal: Arsenal;
  /** A chat model that supports `bindTools`. */
  model: BaseChatModel;
  principal?: Principal;
  /** Prepended to the messages of every model call. */
  systemPrompt?: string;
  /** Needed for confirmations (interrupts pause a thread) and for multi-turn threads. */
  checkpointer?: BaseCheckpointSaver;
  /**
   * Search mode instead of per-step retrieval: the model is bound a search tool (and the pinned
   * tools); each search adds Arsenal's best matches after the tools it already had, for the rest
   * of the thread; a call to a tool no search loaded is refused with a message to search first.
   * `true`, or `{ searchToolName, pinned }`.
   */
  toolSearch?: boolean | ToolSearchModeOptions;
}

/** The agent's state: the messages plus the tool selection of the latest step. */
export const ArsenalAgentState = Annotation.Root({
  ...MessagesAnnotation.spec,
  toolSelection: Annotation<ToolSelection | undefined>(),
});

export type ArsenalAgentStateType = typeof ArsenalAgentState.State;

function lastAIMessage(messages: readonly BaseMessage[]): AIMessage | undefined {
  const last = messages.at(-1);
  return last && isAIMessage(last) ? last : undefined;
}

/**
 * A LangGraph agent whose model sees, at every step, only the tools Arsenal retrieves for the
 * conversation: `select_tools` → `agent` → `tools` → `select_tools` ... Calls that need a
 * confirmation pause the graph with an interrupt (value: `ConfirmationInterrupt`); resume with
 * `new Command({ resume: true | false | { approved } })`.
 */
export function createArsenalAgent(options: ArsenalAgentOptions) {
  const { arsenal, model, principal } = options;
  if (typeof model?.bindTools !== 'function') {
    throw new ConfigurationError(
      'The chat model does not support bindTools; pass a chat model with tool calling (ChatOpenAI, ChatAnthropic...).',
    );
  }
  const bindTools = model.bindTools.bind(model);
  const pendingConfirmations = new Map<string, PendingConfirmation>();
  const searchMode = options.toolSearch
    ? new ToolSearchMode(
        arsenal,
        { principal, limit: options.limit, retrieval: options.retrieval },
        options.toolSearch === true ? {} : options.toolSearch,
      )
    : undefined;

  const toolsFor = (selection: ToolSelection | undefined) =>
    (selection?.tools ?? []).flatMap((selected) => {
      if (searchMode && selected.qualifiedName === SEARCH_TOOL_QUALIFIED_NAME) {
        return [searchMode.searchTool(selection)];
      }
      const definition = arsenal.registry.get(selected.qualifiedName);
      if (!definition) return [];
      return [
        toLangChainTool(arsenal, definition, {
          principal,
          query: selection?.query,
          name: selected.name,
          pendingConfirmations,
          onConfirmation: (request) =>
            interrupt<ConfirmationInterrupt, ConfirmationAnswer>({
              type: 'arsenal_confirmation',
              ...request,
            }),
        }),
      ];
    });

  const graph = new StateGraph(ArsenalAgentState)
    .addNode('select_tools', async (state) => ({
      toolSelection: searchMode
        ? searchMode.select(state.messages)
        : await selectTools(arsenal, state.messages, options),
    }))
    .addNode('agent', async (state) => {
      const tools = toolsFor(state.toolSelection);
      const runnable = tools.length > 0 ? bindTools(tools) : model;
      const prompt = options.systemPrompt ? [new SystemMessage(options.systemPrompt)] : [];
      const response = await runnable.invoke([...prompt, ...state.messages]);
      return { messages: [response] };
    })
    .addNode('tools', async (state) => {
      const calls = lastAIMessage(state.messages)?.tool_calls ?? [];
      const offered = new Map(toolsFor(state.toolSelection).map((tool) => [tool.name, tool]));
      const messages: BaseMessage[] = [];
      for (const call of calls) {
        const id = call.id ?? `${call.name}-${messages.length}`;
        const tool = offered.get(call.name);
        if (!tool) {
          messages.push(
            new ToolMessage({
              content: searchMode
                ? searchMode.refusal(call.name)
                : `Tool "${call.name}" was not offered at this step; call one of: ${[...offered.keys()].join(', ') || 'none'}.`,
              tool_call_id: id,
              name: call.name,
              status: 'error',
            }),
          );
          continue;
        }
        try {
          const output: unknown = await tool.invoke({ ...call, id, type: 'tool_call' });
          messages.push(
            output instanceof ToolMessage
              ? output
              : new ToolMessage({ content: String(output), tool_call_id: id, name: call.name }),
          );
        } catch (error) {
          // Interrupts pause the graph; everything else goes back to the model as an error.
          if (isGraphInterrupt(error)) throw error;
          messages.push(
            new ToolMessage({
              content: `Invalid call of "${call.name}": ${(error as Error).message}`,
              tool_call_id: id,
              name: call.name,
              status: 'error',
            }),
          );
        }
      }
      return { messages };
    })
    .addEdge(START, 'select_tools')
    .addEdge('select_tools', 'agent')
    .addConditionalEdges(
      'agent',
      (state) => ((lastAIMessage(state.messages)?.tool_calls?.length ?? 0) > 0 ? 'tools' : END),
      ['tools', END],
    )
    .addEdge('tools', 'select_tools');

  return graph.compile({ checkpointer: options.checkpointer });
}
