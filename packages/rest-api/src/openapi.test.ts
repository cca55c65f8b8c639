import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiDocument } from './openapi.js';
import { type Fixture, startFixture } from './rest-api-test-support.js';

describe('the OpenAPI document', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await startFixture();
  });
  afterAll(() => fixture.close());

  it('is served at /openapi.json and is a valid OpenAPI 3.1 document', async () => {
    const response = await fixture.request('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const outcome = await validator.validate(response.body);
    expect(outcome.errors ?? []).toEqual([]);
    expect(outcome.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('advertises the authentication the server is configured with, and nothing else', async () => {
    const served = (await fixture.request('GET', '/openapi.json')).body as {
      security: Record<string, unknown>[];
    };
    // The fixture serves static tokens only: no anonymous access is advertised.
    expect(served.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    const oauthOnly = createOpenApiDocument({
      authentication: {
        tokens: false,
        custom: false,
        oauth: {
          resource: 'https://api.example.test/api',
          authorizationServers: ['https://auth.example.test'],
          jwksUrl: 'https://auth.example.test/jwks.json',
        },
      },
    }) as { security: unknown[]; components: { securitySchemes: Record<string, unknown> } };
    expect(oauthOnly.security).toEqual([{ oauth: [] }]);
    expect(JSON.stringify(oauthOnly.components.securitySchemes.oauth)).toContain(
      'https://api.example.test/.well-known/oauth-protected-resource/api',
    );
    const open = createOpenApiDocument({ authentication: { tokens: false, custom: false } }) as {
      security: unknown[];
    };
    expect(open.security).toEqual([{}]);
  });

  it('describes every route the server answers, from the zod schemas', () => {
    const document = createOpenApiDocument({ serverUrl: '/api' }) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      servers: { url: string }[];
    };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/calls',
      '/confirmations',
      '/confirmations/{id}/confirm',
      '/confirmations/{id}/reject',
      '/execute',
      '/graph',
      '/health',
      '/invocations/{id}',
      '/invocations/{id}/cancel',
      '/invocations/{id}/events',
      '/me',
      '/pins',
      '/plan',
      '/plan/run',
      '/plan/validate',
      '/quarantine',
      '/quarantine/{name}/approve',
      '/tools',
      '/tools/search',
      '/tools/{name}',
      '/tools/{name}/dialects',
    ]);
    expect(document.servers[0]?.url).toBe('/api');
    expect(Object.keys(document.components.schemas.ExecuteRequest?.properties ?? {})).toEqual(
      expect.arrayContaining(['tool', 'arguments', 'mode']),
    );
    expect(document.components.schemas.Problem?.properties).toHaveProperty('detail');
  });

  it('an invalid document fails the same check (the check is real)', async () => {
    const broken = { ...createOpenApiDocument(), paths: { tools: {} } };
    const outcome = await new Validator().validate(broken);
    expect(outcome.valid).toBe(false);
  });
});
