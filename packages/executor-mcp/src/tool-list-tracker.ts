import type { ArsenalError, ToolDefinition, ToolSourceChange } from '@arsenal/core';
import { toArsenalError } from '@arsenal/core/adapter';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { PinningFinding, SkippedTool } from './options.js';
import { diffToolLists, isEmptyDiff, type ToolListDiff } from './tool-list-diff.js';
import { assignToolNames, mapMcpTool, type ToolMappingContext } from './tool-mapping.js';
import { pinHashOf, type ToolPinning } from './tool-pinning.js';

/** A change of the server's tool list: the full list, plus what was added, updated or removed. */
export interface McpToolSourceChange extends ToolSourceChange, ToolListDiff {
  /** Tools pinning withholds in this listing. */
  withheld: PinningFinding[];
}

export interface Listing {
  /** Offered tools by MCP name, in server order. */
  tools: Map<string, ToolDefinition>;
  /** Pinning hashes of every listed tool, withheld ones included. */
  hashes: Map<string, string>;
  /** Every listed tool as the server described it, withheld ones included. */
  raw: Tool[];
  withheld: Map<string, PinningFinding>;
}

export interface ToolListTrackerOptions {
  pinning: ToolPinning;
  mapping: ToolMappingContext;
  /** A listed tool the registry cannot accept; the rest of the listing goes on. */
  onSkippedTool: (skipped: SkippedTool) => void;
  /** A watcher threw. */
  onError: (error: ArsenalError) => void;
}

/**
 * The server's last tool listing (offered tools, pinning hashes, withheld tools) and the
 * watchers told what changed from one listing to the next.
 */
export class ToolListTracker {
  readonly #options: ToolListTrackerOptions;
  readonly #listeners = new Set<(change: McpToolSourceChange) => void>();
  #listing: Listing | undefined;

  constructor(options: ToolListTrackerOptions) {
    this.#options = options;
  }

  /** The last listing; undefined before the first. */
  get current(): Listing | undefined {
    return this.#listing;
  }

  watch(listener: (change: McpToolSourceChange) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Forgets every watcher. */
  unwatchAll(): void {
    this.#listeners.clear();
  }

  /** Takes a new listing as current and tells the watchers what changed since the previous one. */
  update(tools: readonly Tool[]): Listing {
    const previous = this.#listing;
    const next = this.#build(tools);
    this.#listing = next;
    if (previous) {
      const diff = diffToolLists(previous.tools, next.tools);
      if (!isEmptyDiff(diff))
        this.#emit({
          tools: [...next.tools.values()],
          ...diff,
          withheld: [...next.withheld.values()],
        });
    }
    return next;
  }

  #build(tools: readonly Tool[]): Listing {
    const listing: Listing = {
      tools: new Map(),
      hashes: new Map(),
      withheld: new Map(),
      raw: [...tools],
    };
    const names = assignToolNames(tools.map((tool) => tool.name));
    tools.forEach((tool, index) => {
      const pinHash = pinHashOf(tool);
      listing.hashes.set(tool.name, pinHash);
      const decision = this.#options.pinning.check(tool.name, pinHash);
      if (decision.action === 'withheld') {
        listing.withheld.set(tool.name, decision.finding);
        return;
      }
      try {
        const definition = mapMcpTool(tool, this.#options.mapping, {
          name: names[index]!,
          pinHash,
          pinMismatch: decision.action === 'flagged',
        });
        listing.tools.set(tool.name, definition);
      } catch (error) {
        // One tool the registry cannot accept must not hide the rest of the server.
        this.#options.onSkippedTool({ mcpName: tool.name, error: error as Error });
      }
    });
    this.#options.pinning.listingDone();
    return listing;
  }

  #emit(change: McpToolSourceChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.#options.onError(toArsenalError(error));
      }
    }
  }
}
