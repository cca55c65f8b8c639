import { type Arsenal, InvalidArgumentError } from '@arsenal/core';
import type { ToolCallLLM } from '@llamaindex/core/llms';
import { agent } from '@llamaindex/workflow';
import { ArsenalToolRetriever, type ArsenalToolRetrieverOptions } from './arsenal-tool.js';

export interface ArsenalAgentOptions extends ArsenalToolRetrieverOptions {
  /** An LLM with tool calling. */
  llm: ToolCallLLM;
  systemPrompt?: string;
}

/** What never settles: a model turn that failed stays open, so the workflow takes no next step. */
const NEVER = new Promise<never>(() => {});

/**
 * The LLM as one run's agent sees it. The workflow engine drops an error thrown by an async step
 * (it surfaces as an unhandled rejection and the run waits forever), so a failed `chat` (or a
 * stream that fails midway) is handed to `failed` instead, and that turn never returns.
 */
function reportingFailures(llm: ToolCallLLM): { llm: ToolCallLLM; failed: Promise<never> } {
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  const stopAt = (error: unknown): Promise<never> => {
    fail(error);
    return NEVER;
  };
  async function* relay(chunks: AsyncIterable<unknown>): AsyncGenerator<unknown> {
    try {
      yield* chunks;
    } catch (error) {
      await stopAt(error);
    }
  }
  const chat = async (...args: unknown[]): Promise<unknown> => {
    let answer: unknown;
    try {
      answer = await (llm.chat as (...params: unknown[]) => Promise<unknown>).apply(llm, args);
    } catch (error) {
      return stopAt(error);
    }
    const streaming =
      typeof answer === 'object' && answer !== null && Symbol.asyncIterator in answer;
    return streaming ? relay(answer as AsyncIterable<unknown>) : answer;
  };
  const guarded = new Proxy(llm, {
    get(target, property) {
      if (property === 'chat') return chat;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { llm: guarded, failed };
}

/** The agent `createArsenalAgent` returns. */
export interface ArsenalAgent {
  retriever: ArsenalToolRetriever;
  run(query: string): Promise<ArsenalAgentRun>;
}

/** What one run returned, with the tools the agent was given for it. */
export interface ArsenalAgentRun {
  result: string;
  tools: string[];
}

/**
 * A LlamaIndex agent that gets, for each query, only the tools Arsenal retrieves for it: every
 * `run(query)` retrieves, builds a `FunctionAgent` with those tools, and runs it. The same name in
 * `@arsenal/langchain/langgraph` means the same thing — an agent whose model sees only the tools
 * Arsenal retrieves — and takes the same options object: `{ arsenal, <the model>, limit, ... }`.
 *
 * @example
 * ```ts
 * const agent = createArsenalAgent({ arsenal, llm: openai({ model: 'gpt-4.1-mini' }), limit: 5 });
 * const { result, tools } = await agent.run('What is the weather in Paris?');
 * ```
 *
 * A run whose model call throws rejects with that error.
 */
export function createArsenalAgent(
  options: ArsenalAgentOptions & { arsenal: Arsenal },
): ArsenalAgent;
/** The earlier form, `createArsenalAgent(arsenal, options)`: the same agent. */
export function createArsenalAgent(arsenal: Arsenal, options: ArsenalAgentOptions): ArsenalAgent;
export function createArsenalAgent(
  first: Arsenal | (ArsenalAgentOptions & { arsenal: Arsenal }),
  second?: ArsenalAgentOptions,
): ArsenalAgent {
  const { arsenal, ...options } =
    second === undefined
      ? (first as ArsenalAgentOptions & { arsenal: Arsenal })
      : { ...second, arsenal: first as Arsenal };
  if (!arsenal || typeof (arsenal as Arsenal).retrieve !== 'function') {
    throw new InvalidArgumentError(
      'createArsenalAgent needs an Arsenal: createArsenalAgent({ arsenal, llm, limit }).',
    );
  }
  const { llm, systemPrompt, ...retrieverOptions } = options;
  const retriever = new ArsenalToolRetriever(arsenal, retrieverOptions);
  return {
    retriever,
    async run(query: string): Promise<ArsenalAgentRun> {
      const tools = await retriever.retrieve(query);
      const guarded = reportingFailures(llm);
      const workflow = agent({
        llm: guarded.llm,
        tools,
        ...(systemPrompt ? { systemPrompt } : {}),
      });
      const event = await Promise.race([workflow.run(query), guarded.failed]);
      const { result } = event.data;
      return {
        result: typeof result === 'string' ? result : JSON.stringify(result),
        tools: tools.map((t) => t.metadata.name),
      };
    },
  };
}
