import type { Arsenal, Principal, RetrievalRequest, ToolDefinition } from '@arsenal/core';
import { DeferredCatalog, ToolSearchConversation } from '@arsenal/tool-search';
import type { JSONValue } from '@llamaindex/core/global';
import { FunctionTool } from '@llamaindex/core/tools';
import { llamaIndexToolName } from './tool-name.js';

/** Settings of the workflow's search mode. */
export interface ToolSearchModeOptions {
  /** The search tool's name. Default `search_tools`. */
  searchToolName?: string;
  /** Tools offered from the first turn on, never deferred (names or qualified names). */
  pinned?: readonly string[];
}

interface Settings {
  principal?: Principal;
  limit?: number;
  retrieval?: Omit<RetrievalRequest, 'query' | 'principal' | 'context' | 'limit'>;
}

/**
 * The search mode of `createArsenalWorkflow`: the model is offered a search tool and the pinned
 * tools; each search runs Arsenal's retrieval and the tools it found are offered at every later
 * turn of the run, after the ones already there, so the list only grows at its end.
 */
export class WorkflowToolSearch {
  readonly name: string;
  readonly #catalog: DeferredCatalog;

  constructor(
    private readonly arsenal: Arsenal,
    private readonly settings: Settings,
    mode: ToolSearchModeOptions,
  ) {
    this.name = mode.searchToolName ?? 'search_tools';
    this.#catalog = new DeferredCatalog(arsenal, {
      ...(settings.principal ? { principal: settings.principal } : {}),
      ...(mode.pinned ? { pinned: mode.pinned } : {}),
    });
  }

  /** A run's memory of what it loaded. */
  conversation(): ToolSearchConversation {
    return new ToolSearchConversation(this.arsenal, this.#catalog, this.settings);
  }

  /** The tools a run may call now, by the name the model sees: pinned, then loaded in order. */
  offered(conversation: ToolSearchConversation): Map<string, ToolDefinition> {
    const entries = [...this.#catalog.pinned, ...conversation.loaded];
    return new Map(entries.map((entry) => [llamaIndexToolName(entry.tool), entry.tool]));
  }

  /** The search tool as the model sees it (the workflow answers its calls). */
  tool(): FunctionTool<Record<string, unknown>, JSONValue> {
    return new FunctionTool<Record<string, unknown>, JSONValue>(() => '', {
      name: this.name,
      description:
        'Search the tool catalog by what you need to do, in plain words. The matching tools become callable at your next turn.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'The task to find tools for.' } },
        required: ['query'],
      } as never,
    });
  }

  /** Run a search call and say what it loaded. */
  async search(conversation: ToolSearchConversation, input: unknown): Promise<string> {
    const query = (input as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string' || query.trim() === '') {
      return 'The search needs a `query` describing the task.';
    }
    const hits = await conversation.search(query);
    if (hits.loaded.length === 0) return 'No new tools matched; search again with other words.';
    return JSON.stringify({
      loaded: hits.loaded.map((entry) => ({
        name: llamaIndexToolName(entry.tool),
        description: entry.tool.description,
      })),
      note: 'These tools are now available: call them by name.',
    });
  }

  refusal(name: string): string {
    return `Tool "${name}" has not been loaded. Call "${this.name}" with a description of the task first, then call the tool it loads.`;
  }
}
