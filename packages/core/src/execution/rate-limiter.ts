import type { Principal } from '../ports/executor.js';
import type { StateStore } from '../ports/state-store.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Clock } from './types.js';

/** A token bucket: `capacity` calls at once, refilled at `refillPerSecond`. */
export interface TokenBucketLimit {
  capacity: number;
  refillPerSecond: number;
}

/**
 * Token-bucket rate limits per tool and per principal; their state lives in the StateStore, so
 * replicas share them.
 */
export interface RateLimitOptions {
  /** A bucket for every tool (each tool its own). */
  perTool?: TokenBucketLimit;
  /** Buckets for named tools (name or qualified name), overriding `perTool`. */
  tools?: Record<string, TokenBucketLimit>;
  /** A bucket for every principal, across tools. */
  perPrincipal?: TokenBucketLimit;
  /** Derive a per-tool bucket from `cost.rateLimitPerMinute` when no other applies. Default true. */
  useToolCost?: boolean;
  /** Prefix of the StateStore keys. Default `arsenal:rate:`. */
  keyPrefix?: string;
}

/** Why a rate limit refused a call, and when to try again. */
export interface RateLimitRefusal {
  scope: 'tool' | 'principal';
  retryAfterMs: number;
  /** Set when the refusal is because the StateStore could not be asked (fail closed). */
  message?: string;
}

/** Told whether each StateStore operation worked (shared state reports outages). */
export interface RateLimitStoreObserver {
  succeeded(): void;
  failed(error: unknown): void;
}

/** How long a caller is told to wait when the store cannot be asked. */
const UNAVAILABLE_RETRY_MS = 1000;

interface Bucket {
  key: string;
  scope: 'tool' | 'principal';
  limit: TokenBucketLimit;
}

/** Token buckets per tool and per principal, kept in a StateStore so replicas can share them. */
export class RateLimiter {
  readonly #options: RateLimitOptions;
  readonly #store: StateStore;
  readonly #clock: Clock;
  readonly #prefix: string;

  readonly #observer: RateLimitStoreObserver | undefined;

  constructor(
    options: RateLimitOptions,
    store: StateStore,
    clock: Clock,
    observer?: RateLimitStoreObserver,
  ) {
    this.#options = options;
    this.#observer = observer;
    this.#store = store;
    this.#clock = clock;
    this.#prefix = options.keyPrefix ?? 'arsenal:rate:';
  }

  #buckets(tool: ToolDefinition, principal: Principal | undefined): Bucket[] {
    const buckets: Bucket[] = [];
    const named = this.#options.tools?.[tool.qualifiedName] ?? this.#options.tools?.[tool.name];
    const fromCost =
      (this.#options.useToolCost ?? true) && tool.cost.rateLimitPerMinute
        ? {
            capacity: tool.cost.rateLimitPerMinute,
            refillPerSecond: tool.cost.rateLimitPerMinute / 60,
          }
        : undefined;
    const toolLimit = named ?? this.#options.perTool ?? fromCost;
    if (toolLimit) {
      buckets.push({
        key: `${this.#prefix}tool:${tool.qualifiedName}`,
        scope: 'tool',
        limit: toolLimit,
      });
    }
    if (principal && this.#options.perPrincipal) {
      const id = principal.tenant ? `${principal.tenant}/${principal.id}` : principal.id;
      buckets.push({
        key: `${this.#prefix}principal:${id}`,
        scope: 'principal',
        limit: this.#options.perPrincipal,
      });
    }
    return buckets;
  }

  /** Whether any bucket applies (lets the engine skip the store entirely). */
  applies(tool: ToolDefinition, principal: Principal | undefined): boolean {
    return this.#buckets(tool, principal).length > 0;
  }

  /**
   * Take one token from every bucket that applies; the first refusal is returned. A store that
   * fails refuses the call (fail closed): a limit nobody can check is not enforced otherwise.
   */
  async take(
    tool: ToolDefinition,
    principal: Principal | undefined,
  ): Promise<RateLimitRefusal | undefined> {
    for (const bucket of this.#buckets(tool, principal)) {
      let outcome: Awaited<ReturnType<StateStore['takeTokens']>>;
      try {
        outcome = await this.#store.takeTokens(bucket.key, {
          capacity: bucket.limit.capacity,
          refillPerSecond: bucket.limit.refillPerSecond,
          now: this.#clock.now(),
        });
        this.#observer?.succeeded();
      } catch (error) {
        this.#observer?.failed(error);
        const reason = error instanceof Error ? error.message : String(error);
        return {
          scope: bucket.scope,
          retryAfterMs: UNAVAILABLE_RETRY_MS,
          message: `Tool "${tool.name}" was not called: its rate limit is kept in the shared state store, which did not answer (${reason}). Rate limits fail closed; try again in ${UNAVAILABLE_RETRY_MS} ms.`,
        };
      }
      if (!outcome.allowed) return { scope: bucket.scope, retryAfterMs: outcome.retryAfterMs };
    }
    return undefined;
  }
}
