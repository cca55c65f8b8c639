import type { Arsenal } from '@arsenal/core';
import type { ToolCallLLM } from '@llamaindex/core/llms';
import { agent } from '@llamaindex/workflow';
import { ArsenalToolRetriever, type ArsenalToolRetrieverOptions } from './arsenal-tool.js';

export interface ArsenalAgentOptions extends ArsenalToolRetrieverOptions {
  /** An LLM with tool calling. */
  llm: ToolCallLLM;
  systemPrompt?: string;
}

/** What one run returned, with the tools the agent was given for it. */
export interface ArsenalAgentRun {
  result: string;
  tools: string[];
}

/**
 * A LlamaIndex agent that gets, for each query, only the tools Arsenal retrieves for it: every
 * `run(query)` retrieves, builds a `FunctionAgent` with those tools, and runs it.
 */
export function createArsenalAgent(arsenal: Arsenal, options: ArsenalAgentOptions) {
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
