import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ConfigurationError, type Principal } from '@arsenal/core';
import { reservedPrincipalIdProblem } from './identity.js';

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
 * An authenticator over a fixed list of credentials. Principal ids may not start with `oauth:`
 * or `anonymous:` (reserved for other kinds of caller; a ConfigurationError says so). Tokens are compared by SHA-256 digest in
 * constant time, so response timing does not reveal how much of a guess was right.
 */
export function createTokenAuthenticator(
  credentials: readonly HttpCredential[],
): RequestAuthenticator {
  for (const credential of credentials) {
    const problem = reservedPrincipalIdProblem(credential.principal.id);
    if (problem) throw new ConfigurationError(problem);
  }
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
