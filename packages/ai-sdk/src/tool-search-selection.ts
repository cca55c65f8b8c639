import type { Arsenal, PendingConfirmation, ToolDefinition } from '@arsenal/core';
import { createGenericToolSearch, TOOL_NOT_LOADED } from '@arsenal/tool-search';
import { jsonSchema, type Tool, tool } from 'ai';
import { toAiSdkTool } from './arsenal-tool.js';
import { aiSdkToolName } from './tool-name.js';
import type {
  ArsenalToolSelection,
  ArsenalToolSelectionOptions,
  StepToolSelection,
} from './tool-selection.js';

type AnyTool = Tool<Record<string, unknown>, unknown>;

/** Settings of the search mode of `createArsenalToolSelection`. */
export interface ToolSearchModeOptions {
  /** The search tool's name. Default `search_tools`. */
  searchToolName?: string;
  /** Tools offered from the first step on, never deferred (names or qualified names). */
  pinned?: readonly string[];
}

/**
 * The search mode: the model starts with a search tool (and the pinned tools); each search runs
 * Arsenal's retrieval and adds what it found to the tools of the next steps, after the ones it
 * already had, so the tool list only grows at its end. A call to a tool no search loaded is
 * refused with a message to search first.
 */
export function createToolSearchSelection(
  arsenal: Arsenal,
  options: ArsenalToolSelectionOptions,
  mode: ToolSearchModeOptions,
): ArsenalToolSelection {
  const search = createGenericToolSearch(arsenal, {
    ...(options.principal ? { principal: options.principal } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(mode.pinned ? { pinned: mode.pinned } : {}),
    ...(mode.searchToolName ? { searchToolName: mode.searchToolName } : {}),
    ...(options.retrieval ? { retrieval: options.retrieval } : {}),
  });
  const conversation = search.conversation('ai-sdk');
  const heldCalls = new Map<string, PendingConfirmation>();
  const nameOf = (definition: ToolDefinition) => aiSdkToolName(definition);
  const searchName = search.searchTool.name;
  const selections: StepToolSelection[] = [];

  // The ToolSet is one object the SDK reads at every step, in key order: a loaded tool's key is
  // moved to the end, so the active tools keep the order in which they were loaded.
  const tools: Record<string, AnyTool> = {};
  tools[searchName] = tool<Record<string, unknown>, unknown>({
    description: search.searchTool.description,
    inputSchema: jsonSchema<Record<string, unknown>>(
      search.searchTool.parameters as Parameters<typeof jsonSchema>[0],
    ),
    execute: async (input, { abortSignal }) => {
      const query = typeof input.query === 'string' ? input.query : '';
      if (query.trim() === '') return { loaded: [], note: 'The search needs a `query`.' };
      const hits = await conversation.session.search(query, { signal: abortSignal });
      for (const entry of hits.loaded) {
        const name = nameOf(entry.tool);
        const loadedTool = tools[name];
        if (!loadedTool) continue;
        delete tools[name];
        tools[name] = loadedTool;
      }
      return {
        loaded: hits.loaded.map((entry) => ({
          name: nameOf(entry.tool),
          description: entry.tool.description,
        })),
        alreadyLoaded: hits.alreadyLoaded.map((entry) => nameOf(entry.tool)),
        note:
          hits.loaded.length > 0
            ? 'These tools are now available: call them by name.'
            : 'No new tools matched; search again with other words.',
      };
    },
  });
  const pinned = search.catalog.pinned;
  for (const entry of [...pinned, ...search.catalog.deferred]) {
    tools[nameOf(entry.tool)] = guarded(
      toAiSdkTool(arsenal, entry.tool, { ...options, heldCalls }),
      () => conversation.session.isLoaded(entry),
      nameOf(entry.tool),
      searchName,
    );
  }

  const prepareStep: ArsenalToolSelection['prepareStep'] = async ({ stepNumber }) => {
    const activeTools = [
      searchName,
      ...pinned.map((entry) => nameOf(entry.tool)),
      ...conversation.session.loaded.map((entry) => nameOf(entry.tool)),
    ];
    const selection = { stepNumber, query: '', activeTools, scores: {}, traceId: '' };
    selections.push(selection);
    options.onSelection?.(selection);
    return { activeTools };
  };
  return { tools, prepareStep, selections };
}

/** The tool, refusing to run (or to ask for approval) until a search loaded it. */
function guarded(
  base: AnyTool,
  isLoaded: () => boolean,
  name: string,
  searchName: string,
): AnyTool {
  const refusal = {
    status: 'not_found',
    code: TOOL_NOT_LOADED,
    error: `Tool "${name}" has not been loaded. Call "${searchName}" with a description of the task first, then call it.`,
    retryable: true,
  };
  const needsApproval = base.needsApproval;
  return {
    ...base,
    ...(typeof needsApproval === 'function'
      ? {
          needsApproval: (input: Record<string, unknown>, context: never) =>
            isLoaded() ? needsApproval(input, context) : false,
        }
      : {}),
    execute: async (input: Record<string, unknown>, context: never) =>
      isLoaded() ? base.execute?.(input, context) : refusal,
  } as AnyTool;
}
