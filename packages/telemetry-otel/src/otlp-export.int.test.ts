import { fileURLToPath } from 'node:url';
import { createArsenalFromConfig, parseConfig } from '@arsenal/config';
import { createArsenal, defineTool } from '@arsenal/core';
import { createMcpToolSource } from '@arsenal/executor-mcp';
import { expectArsenalError } from '@arsenal/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { startMetaEchoMcpServer, startOtlpReceiver } from './collector-test-support.js';
import otelTelemetryFromConfig from './index.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver() {
  const started = await startOtlpReceiver();
  cleanups.push(started.close);
  return started;
}

const ping = defineTool({
  name: 'ping',
  description: 'Answer pong.',
  input: { type: 'object', properties: {} },
  handler: () => 'pong',
});

describe('OTLP/HTTP export', () => {
  it('sends OTLP/JSON when asked: spans a collector decodes, with the service name and ids', async () => {
    const collector = await receiver();
    const telemetry = otelTelemetryFromConfig({
      serviceName: 'tool-gateway',
      otlp: { url: collector.url, protocol: 'http/json' },
    });
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([ping]);
    const result = await arsenal.execute({ tool: 'ping', arguments: {} });
    await telemetry.forceFlush();
    const span = collector.spans.find((candidate) => candidate.name === 'execute_tool ping');
    expect(span).toBeDefined();
    expect(span!.traceId).toBe(result.traceId);
    expect(span!.spanId).toBe(result.spanId);
    expect(collector.serviceNames).toContain('tool-gateway');
    await arsenal.close();
  });

  it('sends OTLP/protobuf by default: the same span, ids as bytes', async () => {
    const collector = await receiver();
    const telemetry = otelTelemetryFromConfig({
      serviceName: 'tool-gateway',
      otlp: { url: collector.url },
    });
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([ping]);
    const result = await arsenal.execute({ tool: 'ping', arguments: {} });
    await telemetry.forceFlush();
    expect(collector.spans).toHaveLength(0);
    const body = Buffer.concat(collector.protobufBodies);
    // Protobuf carries ids as raw bytes and strings as UTF-8: find them in the body.
    expect(body.includes(Buffer.from(result.traceId, 'hex'))).toBe(true);
    expect(body.includes(Buffer.from(result.spanId, 'hex'))).toBe(true);
    expect(body.includes(Buffer.from('execute_tool ping'))).toBe(true);
    expect(body.includes(Buffer.from('tool-gateway'))).toBe(true);
    expect(body.includes(Buffer.from(result.traceId))).toBe(false);
    await arsenal.close();
  });

  it('continues the trace into an MCP server: the tool receives the call span as traceparent', async () => {
    const collector = await receiver();
    const mcp = await startMetaEchoMcpServer();
    cleanups.push(mcp.close);
    const source = createMcpToolSource({ name: 'echo', transport: { type: 'http', url: mcp.url } });
    cleanups.push(() => source.close());
    const telemetry = otelTelemetryFromConfig({
      otlp: { url: collector.url, protocol: 'http/json' },
    });
    const arsenal = createArsenal({ telemetry });
    const handle = await arsenal.addSource(source);
    cleanups.push(() => handle.stop());
    const result = await arsenal.execute({ tool: 'whoami', arguments: {} });
    expect(result.status).toBe('success');
    const text = (result.result as { content: { text: string }[] }).content[0]!.text;
    const { traceparent } = JSON.parse(text) as { traceparent: string };
    await telemetry.forceFlush();
    const span = collector.spans.find((candidate) => candidate.name === 'execute_tool whoami');
    expect(traceparent).toBe(`00-${span!.traceId}-${span!.spanId}-01`);
    await arsenal.close();
  });

  it('loads from arsenal.yaml by package name and flushes on close', async () => {
    const collector = await receiver();
    const config = parseConfig(
      [
        'telemetry:',
        '  use: "@arsenal/telemetry-otel"',
        `  options: { serviceName: from-yaml, otlp: { url: "${collector.url}", protocol: http/json } }`,
      ].join('\n'),
      { baseDir: packageDir },
    );
    const { arsenal, close } = await createArsenalFromConfig(config);
    await arsenal.register([ping]);
    await arsenal.execute({ tool: 'ping', arguments: {} });
    await close();
    expect(collector.spans.map((span) => span.name)).toContain('execute_tool ping');
    expect(collector.serviceNames).toContain('from-yaml');
  });

  it('refuses unknown options, a missing exporter, a bad collector URL, protocol or sample ratio', async () => {
    const unknown = await expectArsenalError(
      () => otelTelemetryFromConfig({ otlpUrl: 'x' } as never),
      'configuration_invalid',
    );
    expect(unknown.message).toContain('"otlpUrl"');
    await expectArsenalError(() => otelTelemetryFromConfig({}), 'configuration_invalid');
    const bad = await expectArsenalError(
      () => otelTelemetryFromConfig({ otlp: { url: 'collector:4318' } }),
      'configuration_invalid',
    );
    expect(bad.message).toMatch(/http/);
    const protocol = await expectArsenalError(
      () =>
        otelTelemetryFromConfig({
          otlp: { url: 'http://127.0.0.1:4318/v1/traces', protocol: 'grpc' as never },
        }),
      'configuration_invalid',
    );
    expect(protocol.message).toContain('http/protobuf');
    const ratio = await expectArsenalError(
      () =>
        otelTelemetryFromConfig({
          otlp: { url: 'http://127.0.0.1:4318/v1/traces' },
          sampleRatio: 10,
        }),
      'configuration_invalid',
    );
    expect(ratio.message).toContain('sampleRatio');
    const clock = await expectArsenalError(
      () =>
        otelTelemetryFromConfig({
          otlp: { url: 'http://127.0.0.1:4318/v1/traces' },
          clock: 5 as never,
        }),
      'configuration_invalid',
    );
    expect(clock.message).toContain('clock must be a function');
  });

  it('counts the trace budget with the clock given in code', async () => {
    const collector = await receiver();
    let now = 0;
    const telemetry = otelTelemetryFromConfig({
      otlp: { url: collector.url, protocol: 'http/json' },
      maxTracesPerSecond: 1,
      clock: () => now,
    });
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([ping]);
    const first = await arsenal.execute({ tool: 'ping', arguments: {} });
    // Same second by the given clock: over the budget of one, dropped.
    const second = await arsenal.execute({ tool: 'ping', arguments: {} });
    now = 1000;
    const third = await arsenal.execute({ tool: 'ping', arguments: {} });
    await telemetry.forceFlush();
    const traces = collector.spans.map((span) => span.traceId);
    expect(traces).toContain(first.traceId);
    expect(traces).not.toContain(second.traceId);
    expect(traces).toContain(third.traceId);
    await arsenal.close();
  });

  it('a collector that is down never fails a call', async () => {
    const collector = await receiver();
    const url = collector.url;
    await collector.close();
    const telemetry = otelTelemetryFromConfig({ otlp: { url, timeoutMillis: 2_000 } });
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([ping]);
    expect((await arsenal.execute({ tool: 'ping', arguments: {} })).status).toBe('success');
    await telemetry.forceFlush().catch(() => undefined);
    await arsenal.close();
  });
});
