import { InvalidArgumentError } from '../errors/arsenal-error.js';
import { closestNames } from '../text/suggest.js';
import type { ArsenalOptions } from './types.js';

// Every key createArsenal reads. `satisfies` keeps the list whole: an option added to
// ArsenalOptions and not here fails to compile.
const KNOWN_KEYS = {
  transcoders: true,
  embedder: true,
  vectorStore: true,
  telemetry: true,
  hygiene: true,
  quarantine: true,
  approvedContentHashes: true,
  reranker: true,
  retrieval: true,
  registry: true,
  policy: true,
  execution: true,
  learnFromOutcomes: true,
  poisoningDetectors: true,
} as const satisfies Record<keyof ArsenalOptions, true>;

/**
 * Refuses what createArsenal would otherwise ignore: options that are not an object, and keys it
 * does not read (`transcoder` for `transcoders`), naming the closest key.
 */
export function checkArsenalOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidArgumentError(
      `createArsenal takes an options object (or nothing), got ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}.`,
    );
  }
  const known = Object.keys(KNOWN_KEYS);
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(KNOWN_KEYS, key)) continue;
    const close = closestNames(key, known, 1);
    throw new InvalidArgumentError(
      `createArsenal has no option "${key}".${close.length > 0 ? ` Did you mean "${close[0]}"?` : ''} Known options: ${known.join(', ')}.`,
    );
  }
}
