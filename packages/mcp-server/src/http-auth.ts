import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Principal } from '@arsenal/core';

/** A bearer token or API key, and who presents it. */
export interface HttpCredential {
  /** The secret. Sent as `Authorization: Bearer <token>` or `X-API-Key: <token>`. */
  token: string;
  principal: Principal;
}

/** Why a request that carried a credential is refused: it lacks a scope (HTTP 403). */
export interface AuthRefusal {
  refusal: 'insufficient_scope';
  /** The scopes the request needs. */
  scope: readonly string[];
}

/** What an authenticator concludes: a principal, nothing (401), or a refusal. */
export type AuthOutcome = Principal | AuthRefusal | undefined;

/** Turns the credential a request carries into its principal. */
export interface RequestAuthenticator {
  /** `undefined` when the request carries no credential or an unknown one. */
  authenticate(request: IncomingMessage): AuthOutcome | Promise<AuthOutcome>;
}

/** Whether an authenticator's outcome is a refusal rather than a principal. */
export function isAuthRefusal(outcome: AuthOutcome): outcome is AuthRefusal {
  return outcome !== undefined && 'refusal' in outcome;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The token a request presents: a bearer token, else an `X-API-Key` header. */
export function presentedToken(request: IncomingMessage): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.trim() !== '') return apiKey.trim();
  return undefined;
}

/**
 * An authenticator over a fixed list of credentials. Tokens are compared by SHA-256 digest in
 * constant time, so response timing does not reveal how much of a guess was right.
 */
export function createTokenAuthenticator(
  credentials: readonly HttpCredential[],
): RequestAuthenticator {
  const known = credentials.map((credential) => ({
    digest: digest(credential.token),
    principal: credential.principal,
  }));
  return {
    authenticate(request) {
      const token = presentedToken(request);
      if (token === undefined) return undefined;
      const presented = digest(token);
      let match: Principal | undefined;
      // Compare against every credential, whatever matched, to keep the timing flat.
      for (const entry of known) {
        if (timingSafeEqual(entry.digest, presented) && match === undefined) {
          match = entry.principal;
        }
      }
      return match;
    },
  };
}

/** Hostnames (and IP literals) a request may name when no one allowed others explicitly. */
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
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost' || name === '::1' || name === '[::1]') return true;
  const octets = IPV4_LITERAL.exec(name);
  if (!octets) return false;
  return octets[1] === '127' && octets.slice(2).every((octet) => Number(octet) <= 255);
}

/** The hostname of a `Host` header value: the port and IPv6 brackets' contents kept apart. */
export function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) {
    const end = hostHeader.indexOf(']');
    return end === -1 ? hostHeader : hostHeader.slice(0, end + 1);
  }
  const colon = hostHeader.lastIndexOf(':');
  return colon === -1 ? hostHeader : hostHeader.slice(0, colon);
}

function hostAllowed(hostname: string, allowedHosts: readonly string[]): boolean {
  const name = hostname.toLowerCase();
  return isLoopbackHost(name) || allowedHosts.some((allowed) => allowed.toLowerCase() === name);
}

/** Longest header value echoed back in a refusal. */
const ECHO_LIMIT = 100;

function echo(value: string): string {
  return value.length > ECHO_LIMIT ? `${value.slice(0, ECHO_LIMIT)}…` : value;
}

/**
 * DNS-rebinding protection for a server bound to loopback: the Host header, and the Origin
 * header when a browser sends one, must name a loopback host (or a host or origin allowed
 * explicitly). Returns the reason to refuse, or undefined.
 */
export function rebindingRefusal(
  request: IncomingMessage,
  options: HostCheckOptions = {},
): string | undefined {
  const allowedHosts = options.allowedHosts ?? [];
  const host = request.headers.host;
  if (typeof host !== 'string' || !hostAllowed(hostnameOf(host), allowedHosts)) {
    return `Host header "${echo(host ?? '')}" is not a loopback host; allow it with serve.allowedHosts`;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    if (options.allowedOrigins?.includes(origin)) return undefined;
    let originHost: string;
    try {
      originHost = new URL(origin).hostname;
    } catch {
      return `Origin header "${echo(origin)}" is not a URL`;
    }
    if (!hostAllowed(originHost, allowedHosts)) {
      return `Origin "${echo(origin)}" is not allowed; allow it with serve.allowedOrigins`;
    }
  }
  return undefined;
}
