import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '@arsenal/core';

/**
 * What `/readyz` answers: 200 when `ready`, else 503; the rest goes in the JSON body.
 *
 * @example
 * ```ts
 * import { type ReadinessReport, startHttpHost } from '@arsenal/http';
 *
 * let connected = false;
 * const host = await startHttpHost({
 *   port: 0,
 *   routes: [],
 *   readiness: (): ReadinessReport =>
 *     connected
 *       ? { ready: true, status: 'ready', details: { upstreams: { everything: 'connected' } } }
 *       : { ready: false, status: 'starting' },
 * });
 * connected = true;
 * await host.close();
 * ```
 */
export interface ReadinessReport {
  ready: boolean;
  /** `ready`, `starting`, `draining`, or a word of your own. */
  status: string;
  /** Per-dependency states, e.g. `{ upstreams: { everything: 'connected' } }`. */
  details?: Record<string, unknown>;
}

/**
 * Who reads a `/readyz` answer: a caller that passed the host checks, with its principal when it
 * authenticated (none on a server without authentication). Details name only what it may see.
 *
 * @example
 * ```ts
 * import { type ReadinessCaller, type ReadinessReport, startHttpHost } from '@arsenal/http';
 *
 * const upstreams = { billing: 'connected', search: 'connected' };
 * const host = await startHttpHost({
 *   port: 0,
 *   routes: [],
 *   // Names for an authenticated caller; an anonymous one reads a count.
 *   readiness: (caller: ReadinessCaller): ReadinessReport => ({
 *     ready: true,
 *     status: 'ready',
 *     details: caller.principal ? { upstreams } : { upstreamCount: 2 },
 *   }),
 * });
 * await host.close();
 * ```
 */
export interface ReadinessCaller {
  principal?: Principal;
}

/**
 * The liveness probe: `GET /healthz` answers 200 while the process runs.
 *
 * @example
 * ```ts
 * import { HEALTH_PATH, startHttpHost } from '@arsenal/http';
 *
 * const host = await startHttpHost({ port: 0, routes: [] });
 * console.log((await fetch(`${host.origin}${HEALTH_PATH}`)).status); // 200
 * await host.close();
 * ```
 */
export const HEALTH_PATH = '/healthz';
/**
 * The readiness probe: `GET /readyz` answers 200 when ready for traffic, else 503.
 *
 * @example
 * ```ts
 * import { READY_PATH, startHttpHost } from '@arsenal/http';
 *
 * const host = await startHttpHost({ port: 0, routes: [] });
 * console.log((await fetch(`${host.origin}${READY_PATH}`)).status); // 200
 * await host.drain(1_000);
 * console.log((await fetch(`${host.origin}${READY_PATH}`)).status); // 503
 * await host.close();
 * ```
 */
export const READY_PATH = '/readyz';

/**
 * Counts requests being answered, so shutdown can wait for them.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { InFlightRequests } from '@arsenal/http';
 *
 * const inFlight = new InFlightRequests();
 * const server = createServer((_request, response) => {
 *   inFlight.track(response);
 *   setTimeout(() => response.end('done'), 100);
 * });
 * // On shutdown: wait up to 5 s for the requests being answered, then close.
 * const idle = await inFlight.waitForIdle(5_000);
 * server.close();
 * ```
 */
export class InFlightRequests {
  #count = 0;
  #idle: (() => void)[] = [];

  get count(): number {
    return this.#count;
  }

  /** Counts `response` until it finishes or its connection closes. */
  track(response: ServerResponse): void {
    this.#count++;
    response.once('close', () => {
      this.#count--;
      if (this.#count === 0) for (const wake of this.#idle.splice(0)) wake();
    });
  }

  /** Resolves true once nothing is in flight, or false after `timeoutMs`. */
  waitForIdle(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#idle = this.#idle.filter((waiting) => waiting !== wake);
        resolve(false);
      }, timeoutMs);
      this.#idle.push(wake);
    });
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

/**
 * Answers `GET /healthz` (the process is alive: always 200) and `GET /readyz` (200 when ready
 * for traffic, 503 while starting or draining). Returns false for any other request. Probes
 * come from the orchestrator, so they skip authentication and host checks; a caller the front
 * door does not know (a foreign Host, no valid credential where one is configured) reads the
 * status word only, never the details; a known one reads the details `readiness` gives it.
 */
export async function answerProbe(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  readiness: (caller: ReadinessCaller) => ReadinessReport | Promise<ReadinessReport>,
  knownCaller: () => Promise<ReadinessCaller | undefined>,
): Promise<boolean> {
  if (pathname !== HEALTH_PATH && pathname !== READY_PATH) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' });
    response.end();
    return true;
  }
  if (pathname === HEALTH_PATH) {
    sendJson(response, 200, { status: 'alive' });
    return true;
  }
  const caller = await knownCaller();
  let report: ReadinessReport;
  try {
    report = await readiness(caller ?? {});
  } catch {
    // The error's text may name internals; the status word is enough for a probe.
    report = { ready: false, status: 'unknown' };
  }
  const details = report.details && caller ? report.details : {};
  sendJson(response, report.ready ? 200 : 503, { status: report.status, ...details });
  return true;
}
