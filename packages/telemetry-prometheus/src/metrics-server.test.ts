import { connect } from 'node:net';
import { createArsenal, defineTool } from '@arsenal/core';
import { expectArsenalError } from '@arsenal/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { parseExposition, sampleValue } from './exposition-test-support.js';
import { createPrometheusTelemetry, type MetricsServer, startMetricsServer } from './index.js';

const open: MetricsServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function serve(options: { token?: string; path?: string } = {}) {
  const telemetry = createPrometheusTelemetry();
  const server = await startMetricsServer(telemetry, { port: 0, ...options });
  open.push(server);
  return { telemetry, server };
}

/** Send raw bytes and collect whatever the server answers before it closes. */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('metrics server', () => {
  it('serves a scrape that a Prometheus parser accepts, with live values', async () => {
    const { telemetry, server } = await serve();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([
      defineTool({
        name: 'ping',
        description: 'Answer pong.',
        input: { type: 'object', properties: {} },
        handler: () => 'pong',
      }),
    ]);
    await arsenal.execute({ tool: 'ping', arguments: {} });
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const { samples } = parseExposition(await response.text());
    expect(
      sampleValue(samples, 'arsenal_executions_total', { tool: 'ping', status: 'success' }),
    ).toBe(1);
  });

  it('answers other paths with 404 and other methods with 405', async () => {
    const { server } = await serve({ path: '/internal/metrics' });
    expect(server.url.endsWith('/internal/metrics')).toBe(true);
    const base = new URL(server.url);
    expect((await fetch(new URL('/metrics', base))).status).toBe(404);
    const post = await fetch(server.url, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('requires the bearer token when one is configured', async () => {
    const { server } = await serve({ token: 's3cret-token' });
    expect((await fetch(server.url)).status).toBe(401);
    const wrong = await fetch(server.url, { headers: { authorization: 'Bearer s3cret-tokem' } });
    expect(wrong.status).toBe(401);
    const right = await fetch(server.url, { headers: { authorization: 'Bearer s3cret-token' } });
    expect(right.status).toBe(200);
  });

  it('survives garbage on the wire and keeps serving', async () => {
    const { server } = await serve();
    const garbage = await rawRequest(server.url, 'NOT HTTP AT ALL\r\n\r\n\u0000\u0001');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    const hugeUrl = await rawRequest(
      server.url,
      `GET /metrics?${'a'.repeat(200_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(hugeUrl).toMatch(/^HTTP\/1\.1 431/);
    expect((await fetch(server.url)).status).toBe(200);
  });

  it('reports a port in use as a configuration error that names the port', async () => {
    const { server } = await serve();
    const port = Number(new URL(server.url).port);
    const error = await expectArsenalError(
      startMetricsServer(createPrometheusTelemetry(), { port }),
      'configuration_invalid',
    );
    expect(error.message).toContain(`port ${port}`);
    expect(error.message).toContain('already in use');
  });

  it('rejects an impossible port or path before listening', async () => {
    await expectArsenalError(
      startMetricsServer(createPrometheusTelemetry(), { port: 70_000 }),
      'configuration_invalid',
    );
    await expectArsenalError(
      startMetricsServer(createPrometheusTelemetry(), { port: 0, path: 'metrics' }),
      'configuration_invalid',
    );
  });
});
