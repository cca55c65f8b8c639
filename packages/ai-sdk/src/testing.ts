/**
 * Test helpers for agents built on `@arsenal/ai-sdk`: a scripted language model, so tests run the
 * real AI SDK loop without a provider or an API key.
 *
 * @example
 * ```ts
 * import { scriptedModel } from '@arsenal/ai-sdk/testing';
 *
 * const { model, offered, prompts } = scriptedModel([{ text: 'Hello.' }]);
 * ```
 *
 * @packageDocumentation
 */
export {
  type ScriptedModel,
  type ScriptedPrompt,
  type ScriptedToolCall,
  type ScriptedTurn,
  scriptedModel,
} from './scripted-model.js';
