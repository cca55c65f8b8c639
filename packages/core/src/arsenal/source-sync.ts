import { toArsenalError } from '../errors/arsenal-error.js';
import type { ToolSource } from '../ports/tool-source.js';
import type { ToolRegistration, ToolRegistry } from '../registry/tool-registry.js';
import type { ToolRetriever } from '../retrieval/tool-retriever.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ArsenalRegisterOptions, RegistrationSummary, SourceHandle } from './types.js';

/** What following a source needs from an Arsenal. */
export interface SourceTarget {
  readonly registry: ToolRegistry;
  readonly retriever: ToolRetriever;
  register(
    tools: ToolRegistration | readonly ToolRegistration[],
    options?: ArsenalRegisterOptions,
  ): Promise<RegistrationSummary>;
  discardQuarantined(qualifiedName: string): void;
}

/**
 * Register a source's tools bound to its executor and keep them in step with its changes:
 * re-register what it reports (unchanged tools cost nothing), remove what it no longer lists.
 */
export async function followSource(
  arsenal: SourceTarget,
  source: ToolSource,
  options: Omit<ArsenalRegisterOptions, 'executor'> = {},
): Promise<SourceHandle> {
  // A source's tools are imported: flagged ones are quarantined, not registered.
  const registerOptions: ArsenalRegisterOptions = {
    origin: 'imported',
    ...options,
    executor: source.executor,
  };
  let current = new Set<string>();
  let held = new Set<string>();
  const sync = async (tools: readonly ToolDefinition[]): Promise<RegistrationSummary> => {
    const summary = await arsenal.register(tools, registerOptions);
    const next = new Set(summary.tools.map((tool) => tool.qualifiedName));
    for (const qualifiedName of current) {
      if (!next.has(qualifiedName)) arsenal.registry.unregister(qualifiedName);
    }
    current = next;
    // A quarantined tool the source no longer lists is forgotten.
    const nextHeld = new Set(summary.quarantined.map(({ tool }) => tool.qualifiedName));
    for (const qualifiedName of held) {
      if (!nextHeld.has(qualifiedName)) arsenal.discardQuarantined(qualifiedName);
    }
    held = nextHeld;
    await arsenal.retriever.syncOrDefer();
    return summary;
  };
  const summary = await sync(await source.load({ signal: options.signal }));
  // Changes are applied one after another, in the order the source reports them.
  let queue: Promise<unknown> = Promise.resolve();
  const unwatch = source.watch?.((change) => {
    queue = queue
      .then(() => sync(change.tools))
      .catch((error: unknown) => {
        options.onSyncError?.(toArsenalError(error));
      });
  });
  return {
    summary,
    tools: () => [...current],
    stop: async ({ unregister = false } = {}) => {
      unwatch?.();
      await queue;
      if (unregister) {
        for (const qualifiedName of current) arsenal.registry.unregister(qualifiedName);
        current = new Set();
        await arsenal.retriever.syncOrDefer();
      }
    },
  };
}
