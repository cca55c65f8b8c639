import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Executor } from './executor.js';

/** A change a source reports while watched. */
export interface ToolSourceChange {
  /** The full current tool list; the registry re-syncs by content hash. */
  tools: readonly ToolDefinition[];
}

/**
 * Discovers tools (an MCP server, an OpenAPI spec, a YAML file) and can watch for changes.
 *
 * @example
 * const source = createStaticToolSource('billing', [refundPayment, listInvoices]);
 * const handle = await arsenal.addSource(source);
 */
export interface ToolSource {
  /** Unique id, used as the default namespace of its tools. */
  readonly id: string;
  /** The executor that runs this source's tools, when it brings one. */
  readonly executor?: Executor;
  /** The tools the source offers now. */
  load(options?: { signal?: AbortSignal }): Promise<ToolDefinition[]>;
  /** Calls `listener` on every change until the returned function is called. */
  watch?(listener: (change: ToolSourceChange) => void): () => void;
  /** Stop watching and release connections. */
  close?(): Promise<void>;
}

/** A source over a fixed list of definitions. */
export function createStaticToolSource(id: string, tools: readonly ToolDefinition[]): ToolSource {
  return {
    id,
    load: async () => [...tools],
  };
}
