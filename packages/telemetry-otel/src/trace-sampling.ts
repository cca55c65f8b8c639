import { ConfigurationError } from '@arsenal/core';
import { isW3cTraceId } from '@arsenal/core/adapter';

/**
 * Head sampling by trace id: keeps a fixed share of traces, deciding from a hash of the trace id
 * alone, so every event of one trace (a call's policy decision, attempts, retries and completion)
 * gets the same answer, in this process and in every replica. The whole id is hashed, not read
 * as a random number: Arsenal's ids share a random prefix and count up, so a sampler that reads
 * the id's bits as they are (like OpenTelemetry's `TraceIdRatioBasedSampler`) would keep either
 * nearly all of a process's traces or nearly none. Events without a W3C trace id are always kept.
 */
export class TraceSampling {
  readonly #bound: number;
  #lastTraceId = '';
  #lastKept = true;

  constructor(readonly ratio: number) {
    this.#bound = ratio * 0x1_0000_0000;
  }

  /** Whether events of this trace become spans. */
  keeps(traceId: string | undefined): boolean {
    // A call's events arrive together: one remembered answer spares most of the checks and
    // hashing (only a W3C id is ever remembered).
    if (traceId === this.#lastTraceId) return this.#lastKept;
    if (!isW3cTraceId(traceId)) return true;
    this.#lastTraceId = traceId;
    this.#lastKept = traceHash(traceId) < this.#bound;
    return this.#lastKept;
  }
}

/** A 32-bit hash of a trace id in which every character moves every bit (FNV-1a, then mixed). */
export function traceHash(traceId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < traceId.length; index++) {
    hash = Math.imul(hash ^ traceId.charCodeAt(index), 0x01000193);
  }
  // FNV-1a leaves the last characters in the low bits only: a final mix spreads them.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The sampling a `sampleRatio` option asks for: none (every span kept) at 1, the default. */
export function traceSamplingFor(sampleRatio: number | undefined): TraceSampling | undefined {
  const ratio = sampleRatio ?? 1;
  if (typeof ratio !== 'number' || !(ratio >= 0 && ratio <= 1)) {
    throw new ConfigurationError(
      `sampleRatio must be a number from 0 to 1 (the share of traces kept; 1 keeps every span), got ${String(sampleRatio)}.`,
    );
  }
  return ratio === 1 ? undefined : new TraceSampling(ratio);
}
