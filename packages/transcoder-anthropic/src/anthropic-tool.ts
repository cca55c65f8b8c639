import type { JsonSchema } from '@arsenal/core';

/** The root of a tool's `input_schema`: always an object schema. */
export interface AnthropicInputSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A prompt-cache breakpoint; place it on the last tool to cache the whole tool list. */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** A client tool for the Messages API (`tools: [...]`). */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: AnthropicInputSchema;
  cache_control?: AnthropicCacheControl | null;
  strict?: boolean;
  type?: 'custom' | null;
}

/** What `decode` reads: an `AnthropicTool`, or the SDK's `Tool`, whose schema is typed loosely. */
export interface AnthropicToolLike {
  name: string;
  description?: string;
  input_schema: { type: 'object'; [keyword: string]: unknown };
  cache_control?: AnthropicCacheControl | null;
  strict?: boolean;
  type?: 'custom' | null;
}
