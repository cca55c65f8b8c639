/**
 * Test helpers for agents built on `@arsenal/langchain`: a scripted chat model, so tests run the
 * real LangChain or LangGraph loop without a provider or an API key.
 *
 * @example
 * ```ts
 * import { ScriptedChatModel } from '@arsenal/langchain/testing';
 *
 * const model = new ScriptedChatModel([{ text: 'Hello.' }]);
 * ```
 *
 * @packageDocumentation
 */
export {
  ScriptedChatModel,
  type ScriptedChatModelCallOptions,
  type ScriptedToolCall,
  type ScriptedTurn,
} from './scripted-chat-model.js';
