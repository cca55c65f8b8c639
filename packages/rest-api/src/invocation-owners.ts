/** Most ids remembered at once; the oldest are forgotten first past it. */
const DEFAULT_CAPACITY = 10_000;

/**
 * Who started each invocation (and received each confirmation id). Only that caller may read,
 * follow, cancel or confirm it: another principal's id is answered like an unknown one. Kept in
 * memory by one process (`InvocationOwners`) or in the shared StateStore, so that every replica
 * agrees (`SharedInvocationOwners`).
 */
export interface InvocationOwnership {
  remember(id: string, owner: string): void | Promise<void>;
  owns(id: string, owner: string): boolean | Promise<boolean>;
  forget(id: string): void | Promise<void>;
}

/** Ownership in this process's memory: enough for one replica. */
export class InvocationOwners implements InvocationOwnership {
  readonly #owners = new Map<string, string>();
  readonly #capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  remember(id: string, owner: string): void {
    this.#owners.delete(id);
    this.#owners.set(id, owner);
    while (this.#owners.size > this.#capacity) {
      const oldest = this.#owners.keys().next().value;
      if (oldest === undefined) break;
      this.#owners.delete(oldest);
    }
  }

  owns(id: string, owner: string): boolean {
    return this.#owners.get(id) === owner;
  }

  forget(id: string): void {
    this.#owners.delete(id);
  }
}
