import type { Executor } from '../ports/executor.js';
import type { StandardSchemaV1 } from '../schema/standard-schema.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** A registered tool with what it needs to run. */
export interface ResolvedTool {
  definition: ToolDefinition;
  /** The executor bound at registration (function tools get one automatically). */
  executor?: Executor;
  /** Standard Schema the arguments are validated with, when the tool has one. */
  inputSchema?: StandardSchemaV1;
}

/** Finds registered tools by reference; the execution engine depends only on this. */
export interface ToolResolver {
  /**
   * Resolve `name` (latest version, any namespace when unambiguous), `namespace.name`,
   * `namespace.name:version`, `name:version`, or an alias.
   */
  resolve(reference: string): ResolvedTool | undefined;
  /** Registered names close to `reference`, best first ("did you mean"). */
  suggest(reference: string, limit?: number): string[];
}
