import type { IncomingMessage } from 'node:http';
import { ArsenalError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { createTokenAuthenticator } from './credentials.js';
import { callerKey, oauthPrincipalId } from './identity.js';
import { principalFromClaims, tokenScopes } from './jwt-authenticator.js';

const from = (remoteAddress: string) =>
  ({ socket: { remoteAddress }, headers: {} }) as unknown as IncomingMessage;

describe('one identity model', () => {
  it('names an OAuth principal by issuer and subject, never as a static principal', () => {
    const principal = principalFromClaims(
      { sub: 'admin', iss: 'https://auth.example', scope: 'mcp' },
      {},
    );
    expect(principal?.id).toBe('oauth:https://auth.example#admin');
    expect(principal?.id).toBe(oauthPrincipalId('https://auth.example', 'admin'));
    expect(principal?.attributes).toMatchObject({ subject: 'admin', authentication: 'oauth' });
    const other = principalFromClaims({ sub: 'admin', iss: 'https://other.example' }, {});
    expect(other?.id).not.toBe(principal?.id);
    expect(principalFromClaims({ sub: 'admin' }, {})).toBeUndefined();
  });

  it('refuses static principal ids in the namespaces of other callers', () => {
    for (const id of ['oauth:https://auth.example#admin', 'OAuth:x', 'anonymous:127.0.0.1']) {
      let caught: unknown;
      try {
        createTokenAuthenticator([{ token: 'a-token-0123456789', principal: { id } }]);
      } catch (error) {
        caught = error;
      }
      expect(ArsenalError.isInstance(caught), id).toBe(true);
      expect((caught as Error).message).toContain('reserved');
    }
  });

  it('splits scopes on ASCII spaces only, and drops scopes with other characters', () => {
    expect(tokenScopes({ scope: 'mcp tools:read' })).toEqual(['mcp', 'tools:read']);
    expect(tokenScopes({ scope: 'mcp\u00a0tools:admin' })).toEqual([]);
    expect(tokenScopes({ scope: 'mcp\ttools:admin' })).toEqual([]);
    expect(tokenScopes({ scope: 'mcp\u2003tools:admin read' })).toEqual(['read']);
    expect(tokenScopes({ scp: ['a', 'b c', 'd'] })).toEqual(['a', 'd']);
    const principal = principalFromClaims(
      { sub: 's', iss: 'https://auth.example', scope: 'mcp\u00a0tools:admin' },
      { scopeCapabilities: { 'tools:admin': ['admin'] } },
    );
    expect(principal?.capabilities).toEqual([]);
  });

  it('keys anonymous callers per client, principals by id', () => {
    expect(callerKey(from('127.0.0.1'), undefined)).toBe('anonymous:127.0.0.1');
    expect(callerKey(from('127.0.0.2'), undefined)).not.toBe(
      callerKey(from('127.0.0.1'), undefined),
    );
    expect(callerKey(from('127.0.0.1'), { id: 'alice' })).toBe('principal:alice');
  });
});
