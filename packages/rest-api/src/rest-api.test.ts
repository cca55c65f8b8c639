import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createArsenal } from '@arsenal/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from './http-io.js';
import { createRestApi } from './rest-api.js';

describe('createRestApi on a plain node:http server', () => {
  const arsenal = createArsenal();
  const api = createRestApi(arsenal, {
    basePath: '/v1/',
    // The seam further routes plug into: same router, same problem details.
    extraRoutes: () => [
      {
        method: 'GET',
        path: '/stats',
        async handle(context) {
          sendJson(context.response, 200, { nodes: [], edges: [] });
        },
      },
    ],
    extendOpenApi: (document) => ({
      ...document,
      paths: {
        ...(document.paths as Record<string, unknown>),
        '/stats': {
          get: {
            operationId: 'getGraph',
            responses: { '200': { description: 'Usage statistics.' } },
          },
        },
      },
    }),
  });
  const server = createServer((request, response) => void api.handle(request, response, undefined));
  // The client keeps the socket between tests; on a busy machine one test (validating the whole
  // OpenAPI document) outlasts Node's 5 s keep-alive, and the next request met a closed socket.
  server.keepAliveTimeout = 120_000;
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await arsenal.close();
  });

  it('serves extra routes and documents them', async () => {
    expect(api.basePath).toBe('/v1');
    const graph = await fetch(`${origin}/v1/stats`);
    expect(await graph.json()).toEqual({ nodes: [], edges: [] });
    const wrong = await fetch(`${origin}/v1/stats`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    const document = (await (await fetch(`${origin}/v1/openapi.json`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(document.paths as object)).toContain('/stats');
    expect((await new Validator().validate(document)).valid).toBe(true);
  });

  it('refuses management without a principal allowed to', async () => {
    const response = await fetch(`${origin}/v1/tools/anything`, { method: 'DELETE' });
    expect(response.status).toBe(403);
    const problem = (await response.json()) as { detail: string; instance: string };
    expect(problem.detail).toContain('anonymous caller');
    expect(problem.instance).toBe('/v1/tools/anything');
  });

  it('lists an empty catalog as an empty page', async () => {
    const response = await fetch(`${origin}/v1/tools`);
    expect(await response.json()).toEqual({ tools: [], total: 0, offset: 0, limit: 50 });
  });
});
