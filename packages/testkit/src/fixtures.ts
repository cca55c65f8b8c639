import { seededRandom } from '@arsenal/core/adapter';

// Re-exported so fixtures and the suites' users draw from the same generator as core.
export { seededRandom };

/** A unit-length vector in a direction drawn from `random` (uniform on the sphere). */
export function randomUnitVector(dimensions: number, random: () => number): number[] {
  for (;;) {
    const vector = Array.from({ length: dimensions }, () => gaussian(random));
    const length = Math.hypot(...vector);
    // A zero draw has no direction; draw again rather than divide by zero.
    if (length > 1e-9) return vector.map((component) => component / length);
  }
}

/** `count` unit vectors from one seed: the same seed always gives the same vectors. */
export function randomUnitVectors(count: number, dimensions: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => randomUnitVector(dimensions, random));
}

/**
 * A vector in the plane of the first two axes, `degrees` away from the first axis, times
 * `scale`. Its cosine similarity with `planarVector(d, 0)` is `cos(degrees)`, which makes
 * expected rankings and scores easy to write down.
 */
export function planarVector(dimensions: number, degrees: number, scale = 1): number[] {
  if (dimensions < 2)
    throw new RangeError(`planarVector needs at least 2 dimensions, got ${dimensions}.`);
  const radians = (degrees * Math.PI) / 180;
  const vector = new Array<number>(dimensions).fill(0);
  vector[0] = Math.cos(radians) * scale;
  vector[1] = Math.sin(radians) * scale;
  return vector;
}

/** Cosine similarity of two equal-length vectors. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) {
    throw new RangeError(`cosineSimilarity needs equal lengths, got ${a.length} and ${b.length}.`);
  }
  let dot = 0;
  let squaredA = 0;
  let squaredB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index]!;
    const y = b[index]!;
    dot += x * y;
    squaredA += x * x;
    squaredB += y * y;
  }
  return dot / Math.sqrt(squaredA * squaredB);
}

/** A standard normal draw (Box–Muller); normal components make directions uniform. */
function gaussian(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
