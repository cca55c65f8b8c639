/**
 * How much the catalog's descriptions tell its tools apart: the share of tools whose description
 * no other tool has. 1 for a catalog where every tool says what it does; near 0 where every tool
 * carries the same boilerplate sentence (a generated gateway, an OpenAPI import without
 * summaries) and what each tool does is written in its parameters. Counts follow registrations.
 */
export class DescriptionStatistics {
  readonly #counts = new Map<string, number>();
  #size = 0;
  #distinct = 0;

  add(description: string): void {
    const key = description.trim().toLowerCase();
    const count = this.#counts.get(key) ?? 0;
    if (count === 0) this.#distinct++;
    else if (count === 1) this.#distinct--;
    this.#counts.set(key, count + 1);
    this.#size++;
  }

  remove(description: string): void {
    const key = description.trim().toLowerCase();
    const count = this.#counts.get(key) ?? 0;
    if (count === 0) return;
    if (count === 1) {
      this.#distinct--;
      this.#counts.delete(key);
    } else {
      if (count === 2) this.#distinct++;
      this.#counts.set(key, count - 1);
    }
    this.#size--;
  }

  /** Share of tools whose description is theirs alone, in [0, 1]; 1 with no tools. */
  get distinctShare(): number {
    return this.#size === 0 ? 1 : this.#distinct / this.#size;
  }
}

/**
 * The parameters field's weight for a catalog: its configured weight where descriptions tell tools
 * apart, rising towards the description's weight as they stop doing so (with the square of the
 * share of tools whose description another tool also has). Derived from the catalog
 * alone (no labels), so the same defaults serve a catalog whose information sits in parameters.
 */
export function parameterWeightFor(
  configured: { description: number; parameters: number },
  distinctShare: number,
): number {
  const gap = Math.max(0, configured.description - configured.parameters);
  // Squared: a few shared descriptions (clones, "Get data") barely move it; a catalog where most
  // tools share theirs moves it most of the way.
  const shared = 1 - Math.min(1, Math.max(0, distinctShare));
  return configured.parameters + shared * shared * gap;
}
