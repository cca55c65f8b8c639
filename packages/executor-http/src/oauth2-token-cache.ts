import { ArsenalError } from '@arsenal/core';
import type { HttpAuth } from './auth.js';
import type { IncomingResponse, OutgoingRequest } from './http-transport.js';
import type { Redactor } from './redactor.js';

type OAuth2Auth = Extract<HttpAuth, { type: 'oauth2' }>;

interface CachedToken {
  accessToken: string;
  /** Epoch ms after which the token must not be used; Infinity when the server gave no lifetime. */
  refreshAt: number;
}

export interface OAuth2TokenCacheOptions {
  send: (request: OutgoingRequest, signal: AbortSignal) => Promise<IncomingResponse>;
  redactor: Redactor;
  /** Refresh this long before the token expires. Default 60 s (half the lifetime for short ones). */
  refreshSkewMs?: number;
  now?: () => number;
}

/**
 * OAuth2 client-credentials tokens, fetched once and shared by concurrent calls, refreshed
 * before they expire and dropped when the API rejects them.
 */
export class OAuth2TokenCache {
  readonly #options: OAuth2TokenCacheOptions;
  readonly #tokens = new Map<string, CachedToken>();
  readonly #pending = new Map<string, Promise<CachedToken>>();
  /** How many tokens were fetched; for diagnostics. */
  fetched = 0;

  constructor(options: OAuth2TokenCacheOptions) {
    this.#options = options;
  }

  async token(auth: OAuth2Auth, signal: AbortSignal): Promise<string> {
    const key = keyOf(auth);
    const now = (this.#options.now ?? Date.now)();
    const cached = this.#tokens.get(key);
    if (cached && now < cached.refreshAt) return cached.accessToken;
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#fetch(auth, signal).finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    const fresh = await pending;
    this.#tokens.set(key, fresh);
    return fresh.accessToken;
  }

  /** Forget the token of this credential (the API answered 401 with it). */
  invalidate(auth: OAuth2Auth): void {
    this.#tokens.delete(keyOf(auth));
  }

  async #fetch(auth: OAuth2Auth, signal: AbortSignal): Promise<CachedToken> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (auth.scopes?.length) form.set('scope', auth.scopes.join(' '));
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (auth.clientAuth === 'body') {
      form.set('client_id', auth.clientId);
      form.set('client_secret', auth.clientSecret);
    } else {
      const pair = `${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    const endpoint = new URL(auth.tokenUrl);
    const where = `${endpoint.origin}${endpoint.pathname}`;
    const response = await this.#options.send(
      { method: 'POST', url: endpoint, headers, body: new TextEncoder().encode(form.toString()) },
      signal,
    );
    const text = this.#options.redactor.redact(response.body.toString('utf8').slice(0, 500));
    if (response.status < 200 || response.status >= 300) {
      throw new ArsenalError(
        'auth_failed',
        `OAuth2 token endpoint ${where} answered HTTP ${response.status}: ${text}. Check clientId, clientSecret and scopes.`,
        { retryable: response.status >= 500 || response.status === 429 },
      );
    }
    let payload: { access_token?: unknown; expires_in?: unknown };
    try {
      payload = JSON.parse(response.body.toString('utf8')) as typeof payload;
    } catch (error) {
      throw new ArsenalError('auth_failed', `OAuth2 token endpoint ${where} did not answer JSON.`, {
        cause: error,
      });
    }
    if (typeof payload.access_token !== 'string' || payload.access_token.length === 0) {
      throw new ArsenalError('auth_failed', `OAuth2 token endpoint ${where} gave no access_token.`);
    }
    this.#options.redactor.add(payload.access_token);
    this.fetched += 1;
    const lifetimeMs = Number(payload.expires_in) * 1000;
    const now = (this.#options.now ?? Date.now)();
    const skew = Math.min(this.#options.refreshSkewMs ?? 60_000, lifetimeMs / 2);
    return {
      accessToken: payload.access_token,
      refreshAt: Number.isFinite(lifetimeMs) && lifetimeMs > 0 ? now + lifetimeMs - skew : Infinity,
    };
  }
}

function keyOf(auth: OAuth2Auth): string {
  return JSON.stringify([auth.tokenUrl, auth.clientId, [...(auth.scopes ?? [])].sort()]);
}
