import { matchGlob } from '../policy/glob.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Clock } from './types.js';

/**
 * Which tools' successful results are kept, and for how long, so a repeated call is answered at
 * once.
 */
export interface ResultCacheOptions {
  /** Tool-name globs whose results are cached even without `metadata.cache`. */
  tools?: readonly string[];
  /** TTL when a tool opts in without its own. Default 60,000 ms. */
  defaultTtlMs?: number;
  /** Most entries kept; the least recently stored go first. Default 1,000. */
  maxEntries?: number;
}

const NEVER_CACHED = new Set(['write_data', 'delete_data', 'financial', 'execute_code']);

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * Results of identical calls (same tool, same canonical arguments, same principal) for tools that
 * opt in with `metadata.cache: true | { ttlMs }` or the `tools` option. Tools that write, delete,
 * move money or are destructive are never cached, whatever they say.
 */
export class ResultCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttls = new WeakMap<ToolDefinition, number | undefined>();
  readonly #options: ResultCacheOptions;
  readonly #clock: Clock;

  constructor(options: ResultCacheOptions, clock: Clock) {
    this.#options = options;
    this.#clock = clock;
  }

  /** The TTL for this tool, or undefined when its results must not be cached. */
  ttlFor(tool: ToolDefinition): number | undefined {
    // Worked out once per definition (definitions do not change), not on every call.
    if (this.#ttls.has(tool)) return this.#ttls.get(tool);
    const ttl = this.#ttlOf(tool);
    this.#ttls.set(tool, ttl);
    return ttl;
  }

  #ttlOf(tool: ToolDefinition): number | undefined {
    if (tool.annotations?.destructiveHint === true) return undefined;
    if (tool.capabilities.some((capability) => NEVER_CACHED.has(capability))) return undefined;
    const declared = tool.metadata.cache;
    if (declared === false) return undefined;
    const fallback = this.#options.defaultTtlMs ?? 60_000;
    if (declared === true) return fallback;
    if (typeof declared === 'object' && declared !== null) {
      const ttl = (declared as { ttlMs?: unknown }).ttlMs;
      return typeof ttl === 'number' && ttl > 0 ? ttl : fallback;
    }
    if (this.#options.tools?.some((pattern) => matchGlob(pattern, tool.name))) return fallback;
    return undefined;
  }

  get(key: string): { value: unknown } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#clock.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return { value: entry.value };
  }

  set(key: string, value: unknown, ttlMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#clock.now() + ttlMs });
    const max = this.#options.maxEntries ?? 1000;
    while (this.#entries.size > max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
