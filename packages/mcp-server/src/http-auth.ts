import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Principal } from '@arsenal/core';

/** A bearer token or API key, and who presents it. */
export interface HttpCredential {
  /** The secret. Sent as `Authorization: Bearer <token>` or `X-API-Key: <token>`. */
  token: string;
  principal: Principal;
}

/** Turns the credential a request carries into its principal. */
export interface RequestAuthenticator {
  /** `undefined` when the request carries no credential or an unknown one. */
  authenticate(request: IncomingMessage): Principal | undefined;
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

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || host.startsWith('127.');
}

function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.lastIndexOf(':');
  return colon === -1 ? hostHeader : hostHeader.slice(0, colon);
}

/**
 * DNS-rebinding protection for a server bound to loopback: the Host header, and the Origin
 * header when a browser sends one, must name localhost (or an origin allowed explicitly).
 * Returns the reason to refuse, or undefined.
 */
export function rebindingRefusal(
  request: IncomingMessage,
  allowedOrigins: readonly string[],
): string | undefined {
  const host = request.headers.host;
  if (typeof host !== 'string' || !isLoopbackHost(hostnameOf(host))) {
    return `Host header "${host ?? ''}" is not a localhost name`;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    if (allowedOrigins.includes(origin)) return undefined;
    let originHost: string;
    try {
      originHost = new URL(origin).hostname;
    } catch {
      return `Origin header "${origin}" is not a URL`;
    }
    if (!isLoopbackHost(originHost)) return `Origin "${origin}" is not allowed`;
  }
  return undefined;
}
