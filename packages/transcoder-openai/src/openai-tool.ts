import type { JsonSchema } from '@arsenal/core';

/** A function definition as Chat Completions (and the legacy `functions` field) spells it. */
export interface OpenAIFunctionDefinition {
  name: string;
  description?: string;
  parameters?: JsonSchema;
  strict?: boolean | null;
}

/** A Chat Completions function tool: `{ type: 'function', function: {...} }`. */
export interface OpenAIChatTool {
  type: 'function';
  function: OpenAIFunctionDefinition;
}

/** A Responses API function tool: the function's fields sit beside `type`. */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description?: string | null;
  parameters: JsonSchema | null;
  strict: boolean | null;
}

/** Which OpenAI API shape to produce. */
export type OpenAIApi = 'chat' | 'responses';

/** The tool shape for an API: `OpenAIToolFor<'responses'>` is `OpenAIResponsesTool`. */
export type OpenAIToolFor<Api extends OpenAIApi> = Api extends 'responses'
  ? OpenAIResponsesTool
  : OpenAIChatTool;

/** Anything `decode` reads: either API's tool, or a bare function definition. */
export type OpenAIToolLike = OpenAIChatTool | OpenAIResponsesTool | OpenAIFunctionDefinition;
