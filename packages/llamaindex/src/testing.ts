/**
 * Test helpers for agents built on `@arsenal/llamaindex`: a scripted LLM, so tests run the real
 * LlamaIndex agent or workflow without a provider or an API key.
 *
 * @example
 * ```ts
 * import { scriptedLlm } from '@arsenal/llamaindex/testing';
 *
 * const { llm, offered, prompts } = scriptedLlm([{ text: 'Hello.' }]);
 * ```
 *
 * @packageDocumentation
 */
export {
  type ScriptedLlm,
  type ScriptedToolCall,
  type ScriptedTurn,
  scriptedLlm,
} from './scripted-llm.js';
