import { type Arsenal, InvalidArgumentError } from '@arsenal/core';
import type { ToolCallLLM } from '@llamaindex/core/llms';
import { agent } from '@llamaindex/workflow';
import { ArsenalToolRetriever, type ArsenalToolRetrieverOptions } from './arsenal-tool.js';

export interface ArsenalAgentOptions extends ArsenalToolRetrieverOptions {
  /** An LLM with tool calling. */
  llm: ToolCallLLM;
  systemPrompt?: string;
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
      const workflow = agent({ llm, tools, ...(systemPrompt ? { systemPrompt } : {}) });
      const event = await workflow.run(query);
      const { result } = event.data;
      return {
        result: typeof result === 'string' ? result : JSON.stringify(result),
        tools: tools.map((t) => t.metadata.name),
      };
    },
  };
}
