const MAX_PENDING = 10_000;

/**
 * Which caller received each pending confirmation id. A confirmation can only be settled by the
 * caller it was issued to, so one principal can never approve another's call.
 */
export class ConfirmationOwners {
  readonly #owners = new Map<string, { owner: string; expiresAt: number }>();

  remember(id: string, owner: string, expiresAt: string): void {
    const expires = Date.parse(expiresAt);
    this.#owners.set(id, { owner, expiresAt: Number.isNaN(expires) ? Infinity : expires });
    if (this.#owners.size > MAX_PENDING) this.#evict();
  }

  /** True (and forgets the id) when `owner` holds this unexpired id. */
  take(id: string, owner: string): boolean {
    const entry = this.#owners.get(id);
    if (!entry || entry.owner !== owner) return false;
    this.#owners.delete(id);
    return entry.expiresAt > Date.now();
  }

  #evict(): void {
    const now = Date.now();
    for (const [id, entry] of this.#owners) if (entry.expiresAt <= now) this.#owners.delete(id);
    // Still full of live ids: drop the oldest, whose callers waited longest.
    while (this.#owners.size > MAX_PENDING) {
      const oldest = this.#owners.keys().next().value;
      if (oldest === undefined) break;
      this.#owners.delete(oldest);
    }
  }
}
