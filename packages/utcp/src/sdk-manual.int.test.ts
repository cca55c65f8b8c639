import { createArsenal } from '@arsenal/core';
import { OpenApiConverter } from '@utcp/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, type LocalApi, startLocalApi } from './test-support/local-api.js';
import { createUtcpManualSource } from './utcp-manual-source.js';

let api: LocalApi;
beforeEach(async () => {
  api = await startLocalApi();
});
afterEach(() => api.close());

/** An OpenAPI description of the local API's forecast endpoint. */
function forecastSpec(base: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'Forecasts', version: '1.0.0' },
    servers: [{ url: base }],
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
    },
    security: [{ key: [] }],
    paths: {
      '/forecast/{city}': {
        get: {
          operationId: 'getForecast',
          summary: 'Weather forecast for a city.',
          parameters: [
            { name: 'city', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'units', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'The forecast.' } },
        },
      },
    },
  };
}

describe('manuals produced by the official UTCP SDK', () => {
  it('loads the manual @utcp/http converts from an OpenAPI spec, and calls its tool', async () => {
    const manual = new OpenApiConverter(forecastSpec(api.url), {
      callTemplateName: 'forecasts',
    }).convert();
    expect(manual.utcp_version).toBeDefined();
    const arsenal = createArsenal();
    try {
      const skipped: string[] = [];
      await arsenal.addSource(
        createUtcpManualSource({
          name: 'forecasts',
          manual: JSON.parse(JSON.stringify(manual)),
          // The converter names the key's variable after the scheme; give whichever it asks for.
          variables: Object.fromEntries(
            [...JSON.stringify(manual).matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => [
              m[1] as string,
              API_KEY,
            ]),
          ),
          env: {},
          http: { allowAddresses: ['loopback'], maxRetries: 0 },
          onSkippedTool: (s) => skipped.push(s.reason),
        }),
      );
      expect(skipped).toEqual([]);
      const [tool] = arsenal.registry.list();
      expect(tool?.name).toBe('get_forecast');
      const result = await arsenal.execute({
        tool: tool?.qualifiedName ?? '',
        arguments: { city: 'Lima', units: 'metric' },
      });
      expect(result).toMatchObject({
        status: 'success',
        result: { city: 'Lima', units: 'metric' },
      });
      expect(api.seen.at(-1)?.headers['x-api-key']).toBe(API_KEY);
    } finally {
      await arsenal.close();
    }
  });
});
