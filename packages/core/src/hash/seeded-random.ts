/**
 * Deterministic pseudo-random numbers in [0, 1) from a 32-bit seed (mulberry32): the same seed
 * always gives the same sequence, so samples, fixtures and failing tests replay exactly. Not fit
 * for secrets; use `randomHex` for those.
 *
 * @example
 * const random = seededRandom(42);
 * random(); // always the same first value for seed 42
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
