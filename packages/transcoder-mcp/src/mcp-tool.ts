import type { JsonSchema } from '@arsenal/core';

/** Behaviour hints an MCP server gives clients; clients must treat them as untrusted. */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** `inputSchema` / `outputSchema`: JSON Schema whose root is an object. */
export interface McpObjectSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A tool as MCP's `tools/list` returns it. */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: McpObjectSchema;
  outputSchema?: McpObjectSchema;
  annotations?: McpToolAnnotations;
  _meta?: Record<string, unknown>;
}

/** What `decode` reads: an `McpTool`, or the SDK's `Tool`, whose schemas are typed loosely. */
export interface McpToolLike {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: 'object'; [keyword: string]: unknown };
  outputSchema?: { type: 'object'; [keyword: string]: unknown };
  annotations?: McpToolAnnotations;
  _meta?: Record<string, unknown>;
  /** Kept in `metadata.mcp` when decoding. */
  icons?: unknown;
  /** Kept in `metadata.mcp` when decoding. */
  execution?: unknown;
}
