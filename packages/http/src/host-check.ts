import type { IncomingMessage } from 'node:http';

/**
 * Hostnames (and IP literals) a request may name when no one allowed others explicitly.
 *
 * @example
 * ```ts
 * import { type HostCheckOptions, startHttpHost } from '@arsenal/http';
 *
 * // Behind a reverse proxy that forwards Host: mcp.internal, for a web app on app.example.com.
 * const hostCheck: HostCheckOptions = {
 *   allowedHosts: ['mcp.internal'],
 *   allowedOrigins: ['https://app.example.com'],
 * };
 * const host = await startHttpHost({ ...hostCheck, port: 0, routes: [] });
 * await host.close();
 * ```
 */
export interface HostCheckOptions {
  /** Browser origins accepted besides loopback ones, compared whole: `https://app.example.com`. */
  allowedOrigins?: readonly string[];
  /** Hostnames accepted in `Host` and `Origin` besides loopback ones: `mcp.internal`. */
  allowedHosts?: readonly string[];
}

const IPV4_LITERAL = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Whether a hostname is really loopback: `localhost`, `::1` (bracketed or not) or an IPv4 literal
 * in 127.0.0.0/8. A name that merely starts with `127.` (`127.0.0.1.evil.example`) is a DNS name
 * anyone can point anywhere, so it is not.
 *
 * @example
 * ```ts
 * import { isLoopbackHost } from '@arsenal/http';
 *
 * isLoopbackHost('localhost'); // true
 * isLoopbackHost('127.8.0.1'); // true
 * isLoopbackHost('[::1]'); // true
 * isLoopbackHost('127.0.0.1.evil.example'); // false: a DNS name
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost' || name === '::1' || name === '[::1]') return true;
  const octets = IPV4_LITERAL.exec(name);
  if (!octets) return false;
  return octets[1] === '127' && octets.slice(2).every((octet) => Number(octet) <= 255);
}

/** `[v6]` or `[v6]:port`: nothing may follow the bracket but a port. */
const BRACKETED_HOST = /^(\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;
/** A DNS name or IPv4 literal, then an optional port: no spaces, commas or second host. */
const NAMED_HOST = /^([a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)(?::(\d{1,5}))?$/i;

/**
 * The hostname a `Host` header names (lowercased; IPv6 literals keep their brackets), or
 * undefined when the value is not exactly `host[:port]` (RFC 9110 §7.2): `[::1]evil.example`,
 * `127.0.0.1:1, evil.example` and empty values are refused rather than guessed at.
 *
 * @example
 * ```ts
 * import { parseHostHeader } from '@arsenal/http';
 *
 * parseHostHeader('LocalHost:8080'); // 'localhost'
 * parseHostHeader('[::1]:3333'); // '[::1]'
 * parseHostHeader('127.0.0.1:1, evil.example'); // undefined
 * ```
 */
export function parseHostHeader(value: string): string | undefined {
  const match = BRACKETED_HOST.exec(value) ?? NAMED_HOST.exec(value);
  if (!match?.[1]) return undefined;
  if (match[2] !== undefined && Number(match[2]) > 65_535) return undefined;
  return match[1].toLowerCase();
}

function hostAllowed(hostname: string, allowedHosts: readonly string[]): boolean {
  const name = hostname.toLowerCase();
  return isLoopbackHost(name) || allowedHosts.some((allowed) => allowed.toLowerCase() === name);
}

/** Longest header value echoed back in a refusal. */
const ECHO_LIMIT = 100;

function echo(value: string): string {
  const printable = value.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > ECHO_LIMIT ? `${printable.slice(0, ECHO_LIMIT)}…` : printable;
}

/** Methods that change nothing: a browser page gains nothing by sending them cross-site. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why an `Origin` header is refused, or undefined. `Origin: null` (sandboxed frames, `file:`
 * pages, some redirects) cannot be traced to a site, so it may not change state.
 */
function originRefusal(
  request: IncomingMessage,
  origin: string,
  options: HostCheckOptions,
): string | undefined {
  if (origin === 'null') {
    return SAFE_METHODS.has(request.method ?? 'GET')
      ? undefined
      : 'Origin "null" may not change state; send the request from a page with a real origin';
  }
  if (options.allowedOrigins?.includes(origin)) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `Origin header "${echo(origin)}" is not a URL`;
  }
  // An origin is scheme://host[:port] and nothing else; anything longer is not one.
  if (url.origin !== origin.toLowerCase() || !['http:', 'https:'].includes(url.protocol)) {
    return `Origin header "${echo(origin)}" is not an origin`;
  }
  if (!hostAllowed(url.hostname, options.allowedHosts ?? [])) {
    return `Origin "${echo(origin)}" is not allowed; allow it with serve.allowedOrigins`;
  }
  return undefined;
}

/**
 * DNS-rebinding protection: the Host header must name a loopback host (or a host allowed
 * explicitly), parsed strictly; the Origin header, when a browser sends one, must name one too
 * (or an origin allowed explicitly). Returns the reason to refuse, or undefined.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { rebindingRefusal } from '@arsenal/http';
 *
 * const server = createServer((request, response) => {
 *   const reason = rebindingRefusal(request, { allowedHosts: ['mcp.internal'] });
 *   if (reason !== undefined) {
 *     response.writeHead(403).end(reason);
 *     return;
 *   }
 *   response.end('ok');
 * });
 * ```
 */
export function rebindingRefusal(
  request: IncomingMessage,
  options: HostCheckOptions = {},
): string | undefined {
  const host = request.headers.host;
  const hostname = typeof host === 'string' ? parseHostHeader(host) : undefined;
  if (hostname === undefined || !hostAllowed(hostname, options.allowedHosts ?? [])) {
    return `Host header "${echo(host ?? '')}" is not a loopback host; allow it with serve.allowedHosts`;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string') return originRefusal(request, origin, options);
  return undefined;
}

/**
 * Whether a request's Host and Origin pass the checks, without saying why: for answers that
 * show more to a known caller (the details of `/readyz`).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { passesHostCheck } from '@arsenal/http';
 *
 * const server = createServer((request, response) => {
 *   const details = passesHostCheck(request) ? { upstreams: { everything: 'connected' } } : undefined;
 *   response.end(JSON.stringify({ status: 'ready', details }));
 * });
 * ```
 */
export function passesHostCheck(request: IncomingMessage, options: HostCheckOptions = {}): boolean {
  return rebindingRefusal(request, options) === undefined;
}
