import { ConfigurationError } from '@arsenal/core';
import type { OutgoingRequest } from './http-transport.js';
import type { OAuth2TokenCache } from './oauth2-token-cache.js';
import { checkHeaderValue, encodeComponent } from './parameter-serialization.js';
import type { Redactor } from './redactor.js';

/** A credential ready to apply, whether bound from a spec's scheme or declared whole. */
export type HttpAuth =
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; apiKey: string }
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string }
  | {
      type: 'oauth2';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scopes?: readonly string[];
      /** How the client authenticates at the token endpoint. Default `basic`. */
      clientAuth?: 'basic' | 'body';
    };

/** What config gives for one of a spec's security schemes; its kind comes from the scheme. */
export interface SchemeCredential {
  /** apiKey schemes. */
  apiKey?: string;
  /** http basic. */
  username?: string;
  password?: string;
  /** http bearer (or a fixed OAuth2 access token). */
  token?: string;
  /** OAuth2 client credentials. */
  clientId?: string;
  clientSecret?: string;
  scopes?: readonly string[];
  /** Overrides the scheme's token URL. */
  tokenUrl?: string;
}

/** Register every secret of a credential with the redactor. */
export function registerSecrets(auth: HttpAuth, redactor: Redactor): void {
  if (auth.type === 'apiKey') redactor.add(auth.apiKey);
  else if (auth.type === 'bearer') redactor.add(auth.token);
  else if (auth.type === 'basic') {
    redactor.add(auth.password);
    redactor.add(Buffer.from(`${auth.username}:${auth.password}`).toString('base64'));
  } else {
    redactor.add(auth.clientSecret);
    redactor.add(Buffer.from(`${auth.clientId}:${auth.clientSecret}`).toString('base64'));
  }
}

/** Check a declared credential's fields, naming what is missing. */
export function validateAuth(auth: HttpAuth, where: string): HttpAuth {
  const need = (field: string, value: unknown) => {
    if (typeof value !== 'string' || value.length === 0) {
      throw new ConfigurationError(`${where}: ${auth.type} auth needs "${field}".`);
    }
  };
  if (auth.type === 'apiKey') {
    need('name', auth.name);
    need('apiKey', auth.apiKey);
    if (!['header', 'query', 'cookie'].includes(auth.in)) {
      throw new ConfigurationError(`${where}: apiKey "in" must be header, query or cookie.`);
    }
  } else if (auth.type === 'basic') {
    need('username', auth.username);
    need('password', auth.password);
  } else if (auth.type === 'bearer') need('token', auth.token);
  else if (auth.type === 'oauth2') {
    need('tokenUrl', auth.tokenUrl);
    need('clientId', auth.clientId);
    need('clientSecret', auth.clientSecret);
  } else {
    throw new ConfigurationError(
      `${where}: unknown auth type "${(auth as { type: string }).type}"; use apiKey, basic, bearer or oauth2.`,
    );
  }
  return auth;
}

/** Add credentials to a request; OAuth2 tokens come from the cache (fetched or refreshed). */
export async function applyAuth(
  request: OutgoingRequest,
  auths: readonly HttpAuth[],
  tokens: OAuth2TokenCache,
  signal: AbortSignal,
): Promise<void> {
  request.credentials ??= { headers: [], query: [] };
  const credentials = request.credentials;
  for (const auth of auths) {
    if (auth.type === 'apiKey') {
      checkHeaderValue(auth.name, auth.apiKey, 'auth');
      if (auth.in === 'header') {
        request.headers[auth.name.toLowerCase()] = auth.apiKey;
        credentials.headers.push(auth.name.toLowerCase());
      } else if (auth.in === 'query') {
        credentials.query.push(auth.name);
        // Appended by hand: searchParams would re-encode the query the operation serialised.
        const pair = `${encodeComponent(auth.name)}=${encodeComponent(auth.apiKey)}`;
        const query = request.url.search.slice(1);
        request.url.search = query ? `${query}&${pair}` : pair;
      } else {
        credentials.headers.push('cookie');
        const pair = `${auth.name}=${encodeComponent(auth.apiKey)}`;
        request.headers.cookie = request.headers.cookie
          ? `${request.headers.cookie}; ${pair}`
          : pair;
      }
    } else if (auth.type === 'basic') {
      const encoded = Buffer.from(`${auth.username}:${auth.password}`).toString('base64');
      request.headers.authorization = `Basic ${encoded}`;
      credentials.headers.push('authorization');
    } else if (auth.type === 'bearer') {
      request.headers.authorization = `Bearer ${checkHeaderValue('authorization', auth.token, 'auth')}`;
      credentials.headers.push('authorization');
    } else {
      const token = await tokens.token(auth, signal);
      request.headers.authorization = `Bearer ${checkHeaderValue('authorization', token, 'auth')}`;
      credentials.headers.push('authorization');
    }
  }
}
