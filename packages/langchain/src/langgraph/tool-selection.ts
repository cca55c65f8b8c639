import type { Arsenal, ConversationContext, Principal, RetrievalRequest } from '@arsenal/core';
import {
  type BaseMessage,
  isAIMessage,
  isHumanMessage,
  isToolMessage,
} from '@langchain/core/messages';
import { langChainToolName } from '../tool-name.js';

/** One tool offered to the model this step, and why. */
export interface SelectedTool {
  /** The name the model sees. */
  name: string;
  qualifiedName: string;
  score: number;
  rank: number;
  /** How much each retrieval signal contributed. */
  signals: Record<string, number | undefined>;
  pinned?: boolean;
}

/** The retrieval behind one model step: kept in graph state as `toolSelection`. */
export interface ToolSelection {
  query: string;
  intent?: string;
  tools: SelectedTool[];
  totalTokens?: number;
  traceId: string;
}

export interface SelectToolsOptions {
  principal?: Principal;
  /** Tools offered per step. Default 5. */
  limit?: number;
  /** Further retrieval settings (token budget, filters, pinned tools...). */
  retrieval?: Omit<RetrievalRequest, 'query' | 'principal' | 'context' | 'limit'>;
}

function textOf(message: BaseMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return content
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join(' ');
}

/** The latest user request and what happened since: the query and context of a retrieval. */
export function conversationQuery(messages: readonly BaseMessage[]): {
  query: string;
  context: ConversationContext;
} {
  let last = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (isHumanMessage(messages[i] as BaseMessage)) {
      last = i;
      break;
    }
  }
  const query = last >= 0 ? textOf(messages[last] as BaseMessage).trim() : '';
  const usedTools = new Set<string>();
  const failedTools = new Set<string>();
  for (const message of messages.slice(last + 1)) {
    if (isToolMessage(message) && message.name) {
      const artifact = message.artifact as { qualifiedName?: unknown } | undefined;
      const name =
        typeof artifact?.qualifiedName === 'string' ? artifact.qualifiedName : message.name;
      usedTools.add(name);
      if (message.status === 'error') failedTools.add(name);
    }
  }
  const recentMessages = messages
    .slice(-6)
    .filter((m) => isHumanMessage(m) || isAIMessage(m))
    .map((m) => ({ role: isHumanMessage(m) ? 'user' : 'assistant', content: textOf(m) }))
    .filter((m) => m.content.length > 0);
  return {
    query,
    context: { recentMessages, usedTools: [...usedTools], failedTools: [...failedTools] },
  };
}

/** Retrieve the tools for the conversation's current step. */
export async function selectTools(
  arsenal: Arsenal,
  messages: readonly BaseMessage[],
  options: SelectToolsOptions = {},
): Promise<ToolSelection> {
  const { query, context } = conversationQuery(messages);
  if (query.length === 0) return { query, tools: [], traceId: '' };
  const result = await arsenal.retrieve({
    ...options.retrieval,
    query,
    context,
    limit: options.limit ?? 5,
    principal: options.principal,
  });
  return {
    query,
    intent: result.intent,
    totalTokens: result.totalTokens,
    traceId: result.traceId,
    tools: result.tools.map((scored) => ({
      name: langChainToolName(scored.tool),
      qualifiedName: scored.tool.qualifiedName,
      score: scored.score,
      rank: scored.rank,
      signals: { ...scored.signals },
      pinned: scored.pinned,
    })),
  };
}
