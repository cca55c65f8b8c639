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

/**
 * A budget of traces kept per second: every trace is kept while fewer than `perSecond` have been
 * in the current second, the rest are dropped. A trace once kept stays kept for all its events
 * (kept ids are remembered, boundedly), so a call's span is never cut in half by the budget.
 */
export class TraceBudget {
  readonly #perSecond: number;
  readonly #now: () => number;
  /** Start (ms, from `now`) of the second being counted, and the traces kept in it. */
  #windowStart = Number.NEGATIVE_INFINITY;
  #keptInWindow = 0;
  /** Trace ids kept recently, oldest first: later events of a kept trace are kept too. */
  readonly #kept = new Set<string>();
  #lastTraceId = '';
  #lastKept = true;

  constructor(perSecond: number, now: () => number) {
    this.#perSecond = perSecond;
    this.#now = now;
  }

  /** Whether events of this trace become spans (one clock read per new trace, none per event). */
  keeps(traceId: string | undefined): boolean {
    if (traceId === this.#lastTraceId) return this.#lastKept;
    if (!isW3cTraceId(traceId)) return true;
    this.#lastTraceId = traceId;
    this.#lastKept = this.#decide(traceId);
    return this.#lastKept;
  }

  #decide(traceId: string): boolean {
    if (this.#kept.has(traceId)) return true;
    const now = this.#now();
    if (now - this.#windowStart >= 1000) {
      this.#windowStart = now;
      this.#keptInWindow = 0;
    }
    if (this.#keptInWindow >= this.#perSecond) return false;
    this.#keptInWindow++;
    // Enough to hold every trace kept in the last few seconds: older ones have completed.
    if (this.#kept.size >= KEPT_IDS) {
      const oldest = this.#kept.values().next().value;
      if (oldest !== undefined) this.#kept.delete(oldest);
    }
    this.#kept.add(traceId);
    return true;
  }
}

/** Kept trace ids remembered by a `TraceBudget`. */
const KEPT_IDS = 4096;

/** Decides which traces become spans: the ratio first (stateless), then the per-second budget. */
export interface TraceSampler {
  keeps(traceId: string | undefined): boolean;
}

/**
 * The sampling the `sampleRatio` and `maxTracesPerSecond` options ask for; undefined when every
 * trace is kept (ratio 1, no budget).
 */
export function traceSamplingFor(
  sampleRatio: number | undefined,
  maxTracesPerSecond: number | undefined = Number.POSITIVE_INFINITY,
  now: () => number = () => performance.now(),
): TraceSampler | undefined {
  const ratio = sampleRatio ?? 1;
  if (typeof ratio !== 'number' || !(ratio >= 0 && ratio <= 1)) {
    throw new ConfigurationError(
      `sampleRatio must be a number from 0 to 1 (the share of traces kept; 1 keeps every span), got ${String(sampleRatio)}.`,
    );
  }
  const perSecond = maxTracesPerSecond;
  if (typeof perSecond !== 'number' || Number.isNaN(perSecond) || perSecond < 1) {
    throw new ConfigurationError(
      `maxTracesPerSecond must be a number of at least 1 (traces kept per second; .inf in arsenal.yaml, Infinity in code, keeps every trace), got ${String(maxTracesPerSecond)}.`,
    );
  }
  const byRatio = ratio === 1 ? undefined : new TraceSampling(ratio);
  const byBudget =
    perSecond === Number.POSITIVE_INFINITY ? undefined : new TraceBudget(perSecond, now);
  if (!byBudget) return byRatio;
  if (!byRatio) return byBudget;
  return {
    // The ratio is checked first: a trace it drops never spends the budget.
    keeps: (traceId) => byRatio.keeps(traceId) && byBudget.keeps(traceId),
  };
}
