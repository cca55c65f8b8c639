import { InvalidArgumentError } from '@arsenal/core';
import type {
  GenericToolSearchConversation,
  HandledCall,
  SearchableTool,
} from './generic-tool-search.js';

/** A call the model asked for. */
export interface LoopToolCall {
  id: string;
  name: string;
  /** An object, or the JSON string many chat APIs send. */
  arguments: unknown;
}

/** A message of the loop's neutral transcript; map it to and from your API's messages. */
export type LoopMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: LoopToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/** One model turn: text, tool calls, or both. */
export interface LoopModelTurn {
  text?: string;
  toolCalls?: LoopToolCall[];
}

/** Your model, called once per step with the current tools and transcript. */
export type LoopModel = (request: {
  tools: SearchableTool[];
  messages: readonly LoopMessage[];
  signal?: AbortSignal;
}) => Promise<LoopModelTurn>;

export interface ToolSearchLoopOptions {
  conversation: GenericToolSearchConversation;
  model: LoopModel;
  /** The transcript so far; at least the user's request. */
  messages: readonly LoopMessage[];
  /** Model calls at most. Default 8. */
  maxSteps?: number;
  signal?: AbortSignal;
}

export interface ToolSearchLoopResult {
  /** The last turn's text. */
  text: string;
  /** The transcript with every turn and tool result appended. */
  messages: LoopMessage[];
  /** The tools sent at each step: each list is a prefix of the next. */
  toolsPerStep: SearchableTool[][];
  /** Every call handled, in order. */
  calls: (HandledCall & { name: string })[];
  /** `true` when the model answered without a call; `false` when `maxSteps` ran out first. */
  finished: boolean;
}

/**
 * The agent loop of the generic tool search: call the model with the conversation's tools, answer
 * every call it makes (searches load tools, other calls run through Arsenal), and call it again
 * with the grown tool list, until it answers in text or `maxSteps` is reached.
 *
 * @example
 * const { text } = await runToolSearchLoop({ conversation, model, messages: [{ role: 'user', content: 'Weather in Oslo?' }] });
 */
export async function runToolSearchLoop(
  options: ToolSearchLoopOptions,
): Promise<ToolSearchLoopResult> {
  const maxSteps = options.maxSteps ?? 8;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new InvalidArgumentError(`maxSteps must be a positive integer, got ${maxSteps}.`);
  }
  const messages: LoopMessage[] = [...options.messages];
  const toolsPerStep: SearchableTool[][] = [];
  const calls: (HandledCall & { name: string })[] = [];
  const query = [...messages].reverse().find((message) => message.role === 'user')?.content;
  for (let step = 0; step < maxSteps; step += 1) {
    options.signal?.throwIfAborted();
    const tools = options.conversation.tools();
    toolsPerStep.push(tools);
    const turn = await options.model({
      tools,
      messages,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const toolCalls = turn.toolCalls ?? [];
    messages.push({
      role: 'assistant',
      content: turn.text ?? '',
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
    });
    if (toolCalls.length === 0) {
      return { text: turn.text ?? '', messages, toolsPerStep, calls, finished: true };
    }
    for (const call of toolCalls) {
      const handled = await options.conversation.handle(call.name, call.arguments, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(query ? { query } : {}),
      });
      calls.push({ ...handled, name: call.name });
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: handled.text });
    }
  }
  const last = messages.at(-1);
  return {
    text: last?.role === 'assistant' ? last.content : '',
    messages,
    toolsPerStep,
    calls,
    finished: false,
  };
}
