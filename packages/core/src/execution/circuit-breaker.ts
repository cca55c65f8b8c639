import type { Principal } from '../ports/executor.js';
import type { Clock } from './types.js';
import { systemClock } from './types.js';

/**
 * A circuit breaker's state: `closed` lets calls through, `open` refuses them, `half_open` lets a
 * trial call through.
 */
export type CircuitState = 'closed' | 'open' | 'half_open';

/**
 * Whose failures a circuit counts: every caller's (`tool`), or each principal's or tenant's
 * apart, so that one caller whose calls fail cannot open the circuit for the others.
 */
export type CircuitScope = 'tool' | 'principal' | 'tenant';

/**
 * When a tool's circuit opens (consecutive failures) and how long it refuses calls before letting
 * probes through.
 */
export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long an open circuit refuses calls before letting probes through. Default 30,000 ms. */
  cooldownMs?: number;
  /** Probe calls allowed at once while half-open. Default 1. */
  halfOpenMaxCalls?: number;
  /** Successful probes needed to close again. Default 1. */
  successThreshold?: number;
  /**
   * Whose failures a circuit counts. `tool` (default): one circuit per tool, shared by every
   * caller, which protects a failing backend at once. `principal` / `tenant`: one circuit per
   * tool and principal id (or tenant; calls without one share the tool's own circuit), so a
   * caller whose calls fail is refused alone. Failures that are the caller's own (invalid
   * arguments, refusals, rejected confirmations) never count, whatever the scope.
   */
  scope?: CircuitScope;
}

/** Separates a tool's key from the caller its circuit belongs to (see CircuitScope). */
const SCOPE_SEPARATOR = '#';

/** One change of a tool's circuit state. */
export interface CircuitChange {
  key: string;
  from: CircuitState;
  to: CircuitState;
}

interface Circuit {
  state: CircuitState;
  consecutiveFailures: number;
  openedAt: number;
  probesInFlight: number;
  probeSuccesses: number;
}

/**
 * Per-key circuit breakers: closed → open after N consecutive failures, half-open after a
 * cooldown (a few probe calls), closed again after successful probes.
 */
export class CircuitBreaker {
  readonly #circuits = new Map<string, Circuit>();
  readonly #failureThreshold: number;
  readonly #cooldownMs: number;
  readonly #halfOpenMaxCalls: number;
  readonly #successThreshold: number;
  readonly #scope: CircuitScope;
  readonly #clock: Clock;
  readonly #onChange: ((change: CircuitChange) => void) | undefined;

  constructor(
    options: CircuitBreakerOptions = {},
    clock: Clock = systemClock,
    onChange?: (change: CircuitChange) => void,
  ) {
    this.#failureThreshold = Math.max(1, options.failureThreshold ?? 5);
    this.#cooldownMs = Math.max(0, options.cooldownMs ?? 30_000);
    this.#halfOpenMaxCalls = Math.max(1, options.halfOpenMaxCalls ?? 1);
    this.#successThreshold = Math.max(1, options.successThreshold ?? 1);
    this.#scope = options.scope ?? 'tool';
    this.#clock = clock;
    this.#onChange = onChange;
  }

  #circuit(key: string): Circuit {
    let circuit = this.#circuits.get(key);
    if (!circuit) {
      circuit = {
        state: 'closed',
        consecutiveFailures: 0,
        openedAt: 0,
        probesInFlight: 0,
        probeSuccesses: 0,
      };
      this.#circuits.set(key, circuit);
    }
    return circuit;
  }

  #move(key: string, circuit: Circuit, to: CircuitState): void {
    const from = circuit.state;
    if (from === to) return;
    circuit.state = to;
    circuit.probesInFlight = 0;
    circuit.probeSuccesses = 0;
    if (to === 'open') circuit.openedAt = this.#clock.now();
    if (to === 'closed') circuit.consecutiveFailures = 0;
    this.#onChange?.({ key, from, to });
  }

  /**
   * The key of the circuit a call of `tool` (its qualified name) by `principal` runs under: the
   * tool's own, or the tool's for that principal or tenant (see CircuitScope).
   */
  keyFor(tool: string, principal: Principal | undefined): string {
    if (this.#scope === 'tool' || !principal) return tool;
    const owner = this.#scope === 'principal' ? principal.id : principal.tenant;
    if (typeof owner !== 'string' || owner === '') return tool;
    return `${tool}${SCOPE_SEPARATOR}${this.#scope}=${owner}`;
  }

  /** Every circuit key of a tool: its own and, when scoped, each caller's. */
  #keysOf(tool: string): string[] {
    const prefix = `${tool}${SCOPE_SEPARATOR}`;
    const keys = [tool];
    for (const key of this.#circuits.keys()) if (key.startsWith(prefix)) keys.push(key);
    return keys;
  }

  /**
   * The state a tool's health reports: its own circuit's, or with scoped circuits the worst of
   * them (open before half-open before closed), so that an operator sees any open one.
   */
  toolState(tool: string): CircuitState {
    let worst: CircuitState = 'closed';
    for (const key of this.#keysOf(tool)) {
      const state = this.state(key);
      if (state === 'open') return 'open';
      if (state === 'half_open') worst = 'half_open';
    }
    return worst;
  }

  /** Close every circuit of a tool, each caller's included (an operator fixed the backend). */
  resetTool(tool: string): void {
    for (const key of this.#keysOf(tool)) this.reset(key);
  }

  /** The current state; an open circuit past its cooldown turns half-open here. */
  state(key: string): CircuitState {
    const circuit = this.#circuits.get(key);
    if (!circuit) return 'closed';
    if (circuit.state === 'open' && this.#clock.now() - circuit.openedAt >= this.#cooldownMs) {
      this.#move(key, circuit, 'half_open');
    }
    return circuit.state;
  }

  /** Milliseconds until an open circuit lets a probe through (0 when not open). */
  retryAfterMs(key: string): number {
    const circuit = this.#circuits.get(key);
    if (circuit?.state !== 'open') return 0;
    return Math.max(0, circuit.openedAt + this.#cooldownMs - this.#clock.now());
  }

  /**
   * Ask to run one call. Returns false when the circuit is open or every half-open probe slot
   * is taken. Every `true` must be followed by exactly one `record` or `release`.
   */
  acquire(key: string): boolean {
    const state = this.state(key);
    if (state === 'closed') return true;
    if (state === 'open') return false;
    const circuit = this.#circuit(key);
    if (circuit.probesInFlight >= this.#halfOpenMaxCalls) return false;
    circuit.probesInFlight++;
    return true;
  }

  /** Give back an acquired slot without an outcome (the call never ran). */
  release(key: string): void {
    const circuit = this.#circuits.get(key);
    if (circuit?.state === 'half_open' && circuit.probesInFlight > 0) circuit.probesInFlight--;
  }

  /** Record the outcome of an acquired call. */
  record(key: string, success: boolean): void {
    const circuit = this.#circuit(key);
    if (circuit.state === 'half_open' && circuit.probesInFlight > 0) circuit.probesInFlight--;
    if (success) {
      circuit.consecutiveFailures = 0;
      if (circuit.state === 'half_open') {
        circuit.probeSuccesses++;
        if (circuit.probeSuccesses >= this.#successThreshold) this.#move(key, circuit, 'closed');
      }
      return;
    }
    circuit.consecutiveFailures++;
    if (circuit.state === 'half_open') this.#move(key, circuit, 'open');
    else if (circuit.state === 'closed' && circuit.consecutiveFailures >= this.#failureThreshold) {
      this.#move(key, circuit, 'open');
    }
  }

  /** Consecutive failures that open a circuit (after clamping). */
  get failureThreshold(): number {
    return this.#failureThreshold;
  }

  /** When an open circuit opened (ms since the epoch); undefined when it is not open. */
  openedAt(key: string): number | undefined {
    const circuit = this.#circuits.get(key);
    return circuit?.state === 'open' ? circuit.openedAt : undefined;
  }

  /**
   * Take a state decided elsewhere (another replica): open since `openedAt`, or closed. Listeners
   * hear the change as for a local one.
   */
  adopt(key: string, to: 'open' | 'closed', openedAt?: number): void {
    const circuit = this.#circuit(key);
    if (to === 'closed') {
      this.#move(key, circuit, 'closed');
      return;
    }
    this.#move(key, circuit, 'open');
    if (openedAt !== undefined) circuit.openedAt = openedAt;
  }

  /** Close a circuit by hand (an operator fixed the backend). */
  reset(key: string): void {
    const circuit = this.#circuits.get(key);
    if (circuit) this.#move(key, circuit, 'closed');
  }
}
