import type {
  Arsenal,
  PendingConfirmation,
  Principal,
  RetrievalRequest,
  ToolDefinition,
} from '@arsenal/core';
import type { ModelMessage, PrepareStepFunction, Tool } from 'ai';
import { type ArsenalToolOptions, toAiSdkToolSet } from './arsenal-tool.js';
import { aiSdkToolName } from './tool-name.js';
import { createToolSearchSelection, type ToolSearchModeOptions } from './tool-search-selection.js';

/** The retrieval behind one step. */
export interface StepToolSelection {
  stepNumber: number;
  query: string;
  /** Names the model saw at this step, best first. */
  activeTools: string[];
  scores: Record<string, number>;
  traceId: string;
}

export interface ArsenalToolSelectionOptions extends ArsenalToolOptions {
  principal?: Principal;
  /** Tools offered per step. Default 5. */
  limit?: number;
  /** Further retrieval settings (token budget, filters, pinned tools...). */
  retrieval?: Omit<RetrievalRequest, 'query' | 'principal' | 'context' | 'limit'>;
  /** Called with each step's selection. */
  onSelection?: (selection: StepToolSelection) => void;
  /**
   * Search mode instead of per-step retrieval: the model gets a search tool (and the pinned
   * tools), each search adds Arsenal's best matches to the end of its tools, and a call to a tool
   * no search loaded is refused. The tool list only grows at its end, so prompt caches survive.
   * `true`, or `{ searchToolName, pinned }`. One selection per conversation.
   */
  toolSearch?: boolean | ToolSearchModeOptions;
}

export interface ArsenalToolSelection {
  /** The catalog as a ToolSet: pass as `tools`. */
  tools: Record<string, Tool<Record<string, unknown>, unknown>>;
  /** Pass as `prepareStep`: sets `activeTools` to what Arsenal retrieves for the step. */
  prepareStep: PrepareStepFunction<Record<string, Tool<Record<string, unknown>, unknown>>>;
  /** Every step's selection so far. */
  selections: StepToolSelection[];
}

function textOf(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .trim();
}

/** The latest user request, the conversation, and the tools used and failed since. */
function conversation(messages: readonly ModelMessage[]) {
  let last = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]?.role === 'user') {
      last = i;
      break;
    }
  }
  const query = last >= 0 ? textOf(messages[last] as ModelMessage) : '';
  const usedTools = new Set<string>();
  const failedTools = new Set<string>();
  for (const message of messages.slice(last + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      usedTools.add(part.toolName);
      if (part.output.type === 'error-json' || part.output.type === 'error-text') {
        failedTools.add(part.toolName);
      }
    }
  }
  const recentMessages = messages
    .slice(-6)
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role, content: textOf(m) }))
    .filter((m) => m.content.length > 0);
  return {
    query,
    context: { recentMessages, usedTools: [...usedTools], failedTools: [...failedTools] },
  };
}

/** Reject in Arsenal the held calls whose approval the user denied, so they do not linger. */
async function rejectDenied(
  arsenal: Arsenal,
  messages: readonly ModelMessage[],
  heldCalls: Map<string, PendingConfirmation>,
): Promise<void> {
  if (heldCalls.size === 0) return;
  const callOfApproval = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-approval-request')
        callOfApproval.set(part.approvalId, part.toolCallId);
    }
  }
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-approval-response' || part.approved) continue;
      const toolCallId = callOfApproval.get(part.approvalId);
      const held = toolCallId ? heldCalls.get(toolCallId) : undefined;
      if (!toolCallId || !held) continue;
      heldCalls.delete(toolCallId);
      await arsenal.reject(held.id).catch(() => undefined);
    }
  }
}

/**
 * Per-step tool selection for `generateText` / `streamText` / `ToolLoopAgent`: the catalog as
 * `tools`, and a `prepareStep` that sets `activeTools` to the tools Arsenal retrieves from the
 * conversation at each step, so the model only sees those.
 */
export function createArsenalToolSelection(
  arsenal: Arsenal,
  options: ArsenalToolSelectionOptions = {},
): ArsenalToolSelection {
  if (options.toolSearch) {
    return createToolSearchSelection(
      arsenal,
      options,
      options.toolSearch === true ? {} : options.toolSearch,
    );
  }
  const catalog: readonly ToolDefinition[] = arsenal.registry.list();
  const heldCalls = new Map<string, PendingConfirmation>();
  const tools = toAiSdkToolSet(arsenal, { ...options, heldCalls, tools: catalog });
  const byQualified = new Map(catalog.map((d) => [d.qualifiedName, aiSdkToolName(d)]));
  const selections: StepToolSelection[] = [];
  const prepareStep: ArsenalToolSelection['prepareStep'] = async ({ messages, stepNumber }) => {
    await rejectDenied(arsenal, messages, heldCalls);
    const { query, context } = conversation(messages);
    if (query.length === 0) return { activeTools: [] };
    const result = await arsenal.retrieve({
      ...options.retrieval,
      query,
      context: {
        ...context,
        usedTools: context.usedTools.map((n) => qualifiedOf(n)),
        failedTools: context.failedTools.map((n) => qualifiedOf(n)),
      },
      limit: options.limit ?? 5,
      principal: options.principal,
    });
    const activeTools: string[] = [];
    const scores: Record<string, number> = {};
    for (const scored of result.tools) {
      const name = byQualified.get(scored.tool.qualifiedName);
      if (!name) continue; // registered after the selection was created
      activeTools.push(name);
      scores[name] = scored.score;
    }
    const selection = { stepNumber, query, activeTools, scores, traceId: result.traceId };
    selections.push(selection);
    options.onSelection?.(selection);
    return { activeTools };
  };
  function qualifiedOf(name: string): string {
    for (const [qualified, shown] of byQualified) if (shown === name) return qualified;
    return name;
  }
  return { tools, prepareStep, selections };
}
