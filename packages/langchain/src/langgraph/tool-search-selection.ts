import type { Arsenal, Principal, RetrievalRequest } from '@arsenal/core';
import { DeferredCatalog, ToolSearchConversation } from '@arsenal/tool-search';
import { type BaseMessage, isToolMessage, type ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool } from '@langchain/core/tools';
import { langChainToolName } from '../tool-name.js';
import { conversationQuery, type SelectedTool, type ToolSelection } from './tool-selection.js';

/** Settings of the agent's search mode. */
export interface ToolSearchModeOptions {
  /** The search tool's name. Default `search_tools`. */
  searchToolName?: string;
  /** Tools bound from the first step on, never deferred (names or qualified names). */
  pinned?: readonly string[];
}

/** The `qualifiedName` the search tool carries in a `ToolSelection`. */
export const SEARCH_TOOL_QUALIFIED_NAME = 'arsenal.tool_search';

interface SearchModeSettings {
  principal?: Principal;
  limit?: number;
  retrieval?: Omit<RetrievalRequest, 'query' | 'principal' | 'context' | 'limit'>;
}

/**
 * The search mode of `createArsenalAgent`: what the model sees is derived from the thread's
 * messages — the search tool, the pinned tools, then every tool a search result of this thread
 * loaded, in order — so it survives checkpoints and only grows at its end.
 */
export class ToolSearchMode {
  readonly searchToolName: string;
  readonly #catalog: DeferredCatalog;

  constructor(
    private readonly arsenal: Arsenal,
    private readonly settings: SearchModeSettings,
    mode: ToolSearchModeOptions,
  ) {
    this.searchToolName = mode.searchToolName ?? 'search_tools';
    this.#catalog = new DeferredCatalog(arsenal, {
      ...(settings.principal ? { principal: settings.principal } : {}),
      ...(mode.pinned ? { pinned: mode.pinned } : {}),
    });
  }

  /** The tools of the next model step, from the messages so far. */
  select(messages: readonly BaseMessage[]): ToolSelection {
    const conversation = this.#replay(messages);
    const entries = [...this.#catalog.pinned, ...conversation.loaded];
    const tools: SelectedTool[] = [
      {
        name: this.searchToolName,
        qualifiedName: SEARCH_TOOL_QUALIFIED_NAME,
        score: 0,
        rank: 0,
        signals: {},
      },
      ...entries.map((entry, index) => ({
        name: langChainToolName(entry.tool),
        qualifiedName: entry.tool.qualifiedName,
        score: 0,
        rank: index + 1,
        signals: {},
        ...(entry.pinned ? { pinned: true } : {}),
      })),
    ];
    return { query: conversationQuery(messages).query, tools, traceId: '' };
  }

  /** The search tool for a step: it searches past what the selection already loaded. */
  searchTool(selection: ToolSelection | undefined): DynamicStructuredTool {
    const already = new Set(selection?.tools.map((tool) => tool.qualifiedName));
    return new DynamicStructuredTool({
      name: this.searchToolName,
      description:
        'Search the tool catalog by what you need to do, in plain words. The matching tools become callable at your next step.',
      schema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'The task to find tools for.' },
        },
        required: ['query'],
      },
      responseFormat: 'content_and_artifact',
      func: async (input: Record<string, unknown>) => {
        const query = typeof input.query === 'string' ? input.query : '';
        if (query.trim() === '') {
          return ['The search needs a `query` describing the task.', { loaded: [] }];
        }
        const conversation = new ToolSearchConversation(this.arsenal, this.#catalog, this.settings);
        conversation.load(this.#catalog.entries.filter((e) => already.has(e.tool.qualifiedName)));
        const hits = await conversation.search(query);
        const loaded = hits.loaded.map((entry) => ({
          name: langChainToolName(entry.tool),
          description: entry.tool.description,
        }));
        const content =
          loaded.length > 0
            ? JSON.stringify({ loaded, note: 'These tools are now available: call them by name.' })
            : 'No new tools matched; search again with other words.';
        return [content, { loaded: hits.loaded.map((entry) => entry.tool.qualifiedName) }];
      },
    });
  }

  /** What a call of a tool that is not bound this step is told. */
  refusal(name: string): string {
    return `Tool "${name}" has not been loaded. Call "${this.searchToolName}" with a description of the task first, then call the tool it loads.`;
  }

  #replay(messages: readonly BaseMessage[]): ToolSearchConversation {
    const conversation = new ToolSearchConversation(this.arsenal, this.#catalog, this.settings);
    for (const message of messages) {
      if (!isToolMessage(message) || message.name !== this.searchToolName) continue;
      const loaded = (message as ToolMessage).artifact as { loaded?: unknown } | undefined;
      if (!Array.isArray(loaded?.loaded)) continue;
      conversation.load(
        loaded.loaded.flatMap((qualifiedName) => {
          const entry =
            typeof qualifiedName === 'string'
              ? this.#catalog.byQualifiedName(qualifiedName)
              : undefined;
          return entry ? [entry] : [];
        }),
      );
    }
    return conversation;
  }
}
