/** Most ids remembered at once; the oldest are forgotten first past it. */
const DEFAULT_CAPACITY = 10_000;

/**
 * Who started each invocation (and received each confirmation id). Only that caller may read,
 * follow, cancel or confirm it: another principal's id is answered like an unknown one. Kept in
 * memory by one process (`InvocationOwners`) or in the shared StateStore, so that every replica
 * agrees (`SharedInvocationOwners`). The routes pass keys made by `ownershipKey`.
 */
/** What an ownership record is of: the two kinds never share a key, so one id cannot stand for the other. */
export type OwnedKind = 'invocation' | 'confirmation';

/** The key the routes record ownership under: `invocation:<id>` or `confirmation:<id>`. */
export function ownershipKey(kind: OwnedKind, id: string): string {
  return `${kind}:${id}`;
}

/**
 * Whether a path id has the shape of the ids Arsenal issues (`inv_<uuid>`, `cfm_<uuid>`): at most
 * 128 letters, digits, `_` or `-`. Anything else is answered as unknown without a store lookup.
 */
export function isIssuedIdShape(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}

/** An id as a message may echo it: long ones are cut, so an answer never grows with the path. */
export function shownId(id: string): string {
  return id.length > 80 ? `${id.slice(0, 80)}…` : id;
}

export interface InvocationOwnership {
  /**
   * When records expire: how often the replica running an invocation writes its record again,
   * so a call that runs longer than the records live stays its owner's. Absent: they never expire.
   */
  readonly refreshEveryMs?: number;
  remember(id: string, owner: string): void | Promise<void>;
  owns(id: string, owner: string): boolean | Promise<boolean>;
  forget(id: string): void | Promise<void>;
}

/**
 * Ownership in this process's memory: enough for one replica. When full, the caller holding the
 * most records gives up its oldest, so one caller starting calls in a loop cannot push out the
 * records of everyone else (their invocations would turn 404 while still running).
 */
export class InvocationOwners implements InvocationOwnership {
  readonly #owners = new Map<string, string>();
  /** Each owner's keys, oldest first. */
  readonly #byOwner = new Map<string, Set<string>>();
  readonly #capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  remember(id: string, owner: string): void {
    this.forget(id);
    this.#owners.set(id, owner);
    const held = this.#byOwner.get(owner) ?? new Set<string>();
    held.add(id);
    this.#byOwner.set(owner, held);
    while (this.#owners.size > this.#capacity) {
      const oldest = this.#greediest()?.values().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  owns(id: string, owner: string): boolean {
    return this.#owners.get(id) === owner;
  }

  forget(id: string): void {
    const owner = this.#owners.get(id);
    if (owner === undefined) return;
    this.#owners.delete(id);
    const held = this.#byOwner.get(owner);
    held?.delete(id);
    if (held?.size === 0) this.#byOwner.delete(owner);
  }

  #greediest(): Set<string> | undefined {
    let most: Set<string> | undefined;
    for (const held of this.#byOwner.values()) if (!most || held.size > most.size) most = held;
    return most;
  }
}
