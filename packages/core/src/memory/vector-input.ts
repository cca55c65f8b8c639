import { InvalidArgumentError, VectorStoreError } from '../errors/arsenal-error.js';
import type { MetadataValue } from '../ports/vector-store.js';

/**
 * Checks a vector's length and values and returns its Euclidean length, which is never zero.
 * `label` names the vector in messages, e.g. `Vector for "send_email"` or `Query vector`;
 * `explainMismatch` finishes the sentence "... has N dimensions, but" with the fix.
 */
export function checkedVectorLength(
  vector: ArrayLike<number>,
  dimensions: number,
  label: string,
  explainMismatch: () => string,
): number {
  if (vector === null || typeof vector !== 'object' || typeof vector.length !== 'number') {
    throw new InvalidArgumentError(`${label} must be an array or typed array of numbers.`);
  }
  if (vector.length === 0) {
    throw new InvalidArgumentError(`${label} is empty; give a non-empty array of numbers.`);
  }
  if (vector.length !== dimensions) {
    throw new VectorStoreError(
      `${label} has ${vector.length} dimensions, but ${explainMismatch()}`,
      {
        code: 'dimension_mismatch',
      },
    );
  }
  let sumOfSquares = 0;
  for (let index = 0; index < dimensions; index++) {
    const value = vector[index];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new InvalidArgumentError(
        `${label} has ${String(value)} at index ${index}. Every component must be a finite number; ` +
          'check the embedder output for overflow or missing values.',
      );
    }
    sumOfSquares += value * value;
  }
  const length = Math.sqrt(sumOfSquares);
  if (length === 0 || !Number.isFinite(length)) {
    throw new InvalidArgumentError(
      length === 0
        ? `${label} is all zeros. Cosine similarity divides by the vector's length, so it is ` +
            'undefined for a zero vector; embed non-empty text, or leave the record out.'
        : `${label} is too large to normalise (its length overflows); scale it down first.`,
    );
  }
  return length;
}

/** Copies metadata so later changes by the caller cannot reach the store, checking each value. */
export function copyMetadata(
  metadata: Readonly<Record<string, MetadataValue>> | undefined,
  label: string,
): Record<string, MetadataValue> {
  if (metadata === undefined) return {};
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new InvalidArgumentError(`Metadata of ${label} must be a plain object.`);
  }
  const copy: Record<string, MetadataValue> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (Array.isArray(value)) {
      if (!value.every((item) => typeof item === 'string')) {
        throw new InvalidArgumentError(
          `Metadata "${key}" of ${label} is an array with non-string items; metadata arrays hold strings only.`,
        );
      }
      copy[key] = [...value];
    } else if (
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      copy[key] = value;
    } else {
      throw new InvalidArgumentError(
        `Metadata "${key}" of ${label} is ${String(value)}; metadata values must be strings, ` +
          'finite numbers, booleans or arrays of strings.',
      );
    }
  }
  return copy;
}
