import { canonicalJson, sha256Hex } from '@arsenal/core/adapter';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpPinningOptions, PinningFinding } from './options.js';

/**
 * The pinning hash of a tool as the server describes it: SHA-256 of the canonical JSON of
 * everything a model reads or relies on (name, title, description, schemas, annotations).
 */
export function pinHashOf(tool: Tool): string {
  return sha256Hex(
    canonicalJson({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
    }),
  );
}

export type PinningDecision =
  | { action: 'accept' }
  | { action: 'flagged' | 'withheld'; finding: PinningFinding };

/**
 * Compares tools with their approved hashes, keyed by the tool's exact name on its server: a
 * rename, if only of a letter's case, is another tool. A server nobody approved anything of is
 * trusted on first use: the tools of its first listing are pinned for the life of this object,
 * so a description swapped later (through `notifications/tools/list_changed`) is caught. A tool
 * that appears after that, or that a server with approvals lists without one, is unapproved.
 */
export class ToolPinning {
  readonly #serverName: string;
  readonly #options: McpPinningOptions;
  readonly #pinned: Map<string, string>;
  /** Whether an unapproved tool is pinned as it is (true while trusting on first use). */
  #trusting: boolean;

  constructor(serverName: string, options: McpPinningOptions = { mode: 'off' }) {
    this.#serverName = serverName;
    this.#options = options;
    this.#pinned = new Map(Object.entries(options.approved ?? {}));
    this.#trusting = options.allowUnapproved ?? this.#pinned.size === 0;
  }

  /**
   * The end of a listing: from now on (unless `allowUnapproved` is true), a tool that was not in
   * it and has no approved hash is unapproved.
   */
  listingDone(): void {
    this.#trusting = this.#options.allowUnapproved ?? false;
  }

  get mode(): McpPinningOptions['mode'] {
    return this.#options.mode;
  }

  check(mcpName: string, currentHash: string): PinningDecision {
    if (this.#options.mode === 'off') return { action: 'accept' };
    const approvedHash = this.#pinned.get(mcpName);
    if (approvedHash === currentHash) return { action: 'accept' };
    if (approvedHash === undefined && this.#trusting) {
      this.#pinned.set(mcpName, currentHash);
      return { action: 'accept' };
    }
    const action = this.#options.mode === 'reject' ? 'withheld' : 'flagged';
    const finding: PinningFinding = {
      server: this.#serverName,
      mcpName,
      reason: approvedHash === undefined ? 'unapproved' : 'changed',
      currentHash,
      action,
    };
    if (approvedHash !== undefined) finding.approvedHash = approvedHash;
    try {
      this.#options.onChange?.(finding);
    } catch {
      // A faulty report callback must not stop the tool list from loading.
    }
    return { action, finding };
  }
}
