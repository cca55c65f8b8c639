import type { JsonSchema } from '@arsenal/core';

/**
 * Gemini's type names. They are the string values of `Type` in `@google/genai`
 * (`Type.STRING === 'STRING'`), so they can be sent as they are.
 */
export type GeminiType = 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT' | 'NULL';

/**
 * Gemini's Schema: a subset of the OpenAPI 3.0 schema object. Counts (`minItems`, `maxLength`...)
 * are int64 fields, which the API and `@google/genai` spell as decimal strings.
 */
export interface GeminiSchema {
  type?: GeminiType;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  propertyOrdering?: string[];
  minProperties?: string;
  maxProperties?: string;
  items?: GeminiSchema;
  minItems?: string;
  maxItems?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: GeminiSchema[];
  default?: unknown;
  example?: unknown;
}

/** One function the model may call: an entry of `tools[].functionDeclarations`. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** The arguments in Gemini's Schema subset; left out for a function without arguments. */
  parameters?: GeminiSchema;
  /** The arguments as JSON Schema; mutually exclusive with `parameters`. */
  parametersJsonSchema?: JsonSchema;
  response?: GeminiSchema;
  responseJsonSchema?: JsonSchema;
}

/** A Gemini tool grouping function declarations: `config.tools = [{ functionDeclarations }]`. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

/** A schema as `decode` reads it: Gemini's, with any spelling of the type name. */
export type GeminiSchemaLike = Omit<GeminiSchema, 'type' | 'items' | 'properties' | 'anyOf'> & {
  type?: GeminiType | Lowercase<GeminiType> | 'TYPE_UNSPECIFIED';
  items?: GeminiSchemaLike;
  properties?: Record<string, GeminiSchemaLike>;
  anyOf?: GeminiSchemaLike[];
};

/** What `decode` reads: a declaration from this package, `@google/genai` or plain JSON. */
export interface GeminiFunctionDeclarationLike {
  name?: string;
  description?: string;
  parameters?: GeminiSchemaLike;
  parametersJsonSchema?: unknown;
  response?: GeminiSchemaLike;
  responseJsonSchema?: unknown;
  behavior?: string;
}
