import { InvalidArgumentError, ToolNotFoundError } from '../errors/arsenal-error.js';
import type { PoisoningFinding } from '../hygiene/detect-poisoning.js';
import type { Executor } from '../ports/executor.js';
import type { ToolRegistration } from '../registry/tool-registry.js';
import { closestNames } from '../text/suggest.js';
import { parseQualifiedName } from '../tool/create-tool-definition.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** An imported tool withheld from models (retrieval, listing, execution) until approved. */
export interface QuarantinedTool {
  tool: ToolDefinition;
  findings: readonly PoisoningFinding[];
  /** ISO timestamp of the (latest) quarantine. */
  quarantinedAt: string;
}

/** A held tool with what registering it later needs. */
export interface HeldTool extends QuarantinedTool {
  registration: ToolRegistration;
  executor?: Executor;
}

/**
 * Imported tools the poisoning detector flagged, by qualified name, and the content hashes an
 * operator approved: an approved tool is registered as it is, a changed one is checked again.
 */
export class Quarantine {
  readonly #held = new Map<string, HeldTool>();
  readonly #approved: Set<string>;

  constructor(approvedContentHashes: readonly string[] = []) {
    this.#approved = new Set(approvedContentHashes);
  }

  isApproved(tool: ToolDefinition): boolean {
    // Nothing approved (nearly always): no content hash to compute for every imported tool.
    return this.#approved.size > 0 && this.#approved.has(tool.contentHash);
  }

  /** Hold a tool; true when it is new or changed (worth an event), false when already held as is. */
  hold(held: HeldTool): boolean {
    const previous = this.#held.get(held.tool.qualifiedName);
    this.#held.set(held.tool.qualifiedName, held);
    return previous?.tool.contentHash !== held.tool.contentHash;
  }

  /** Forget a held tool (its source no longer lists it). */
  release(qualifiedName: string): void {
    this.#held.delete(qualifiedName);
  }

  has(qualifiedName: string): boolean {
    return this.#held.has(qualifiedName);
  }

  list(): QuarantinedTool[] {
    return [...this.#held.values()]
      .map(({ tool, findings, quarantinedAt }) => ({ tool, findings, quarantinedAt }))
      .sort((a, b) => (a.tool.qualifiedName < b.tool.qualifiedName ? -1 : 1));
  }

  /**
   * Take a held tool out for approval: by qualified name, `namespace.name` or a bare name that
   * only one held tool has. Remembers its content hash as approved.
   */
  approve(reference: string): HeldTool {
    const held = this.#find(reference);
    this.#held.delete(held.tool.qualifiedName);
    this.#approved.add(held.tool.contentHash);
    return held;
  }

  #find(reference: string): HeldTool {
    const direct = this.#held.get(reference);
    if (direct) return direct;
    const { namespace, name, version } = parseQualifiedName(reference);
    const matches = [...this.#held.values()].filter(
      ({ tool }) =>
        tool.name === name &&
        (namespace === undefined || tool.namespace === namespace) &&
        (version === undefined || tool.version === version),
    );
    if (matches.length === 1) return matches[0]!;
    if (matches.length > 1) {
      throw new InvalidArgumentError(
        `"${reference}" names ${matches.length} quarantined tools (${matches
          .map(({ tool }) => tool.qualifiedName)
          .join(', ')}); approve one by its qualified name.`,
      );
    }
    const names = [...this.#held.values()].map(({ tool }) => tool.name);
    if (names.length === 0) {
      throw new InvalidArgumentError(`Cannot approve "${reference}": no tool is quarantined.`);
    }
    throw new ToolNotFoundError(reference, closestNames(name, names, 3));
  }
}
