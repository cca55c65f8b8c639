import { ArsenalError, createArsenal, defineTool } from '@arsenal/core';
import { expectArsenalError } from '@arsenal/testkit';
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { createOtelTelemetry, OtelTelemetry } from './index.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'Current weather and forecast for a city.',
  input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  handler: ({ city }) => ({ city, tempC: 21 }),
});

function traced(options: { recordQueryText?: boolean } = {}) {
  const exporter = new InMemorySpanExporter();
  const telemetry = createOtelTelemetry({ exporter, batch: false, ...options });
  const spans = () => exporter.getFinishedSpans();
  return { telemetry, spans };
}

const named = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);

describe('OtelTelemetry', () => {
  it('exports one execute_tool span per call with GenAI attributes and the call ids', async () => {
    const { telemetry, spans } = traced();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([weather]);
    const principal = { id: 'agent-7', capabilities: [] };
    const result = await arsenal.execute({
      tool: 'get_weather',
      arguments: { city: 'Oslo' },
      principal,
    });
    const [span] = named(spans(), 'execute_tool get_weather');
    expect(span).toBeDefined();
    expect(span!.spanContext().traceId).toBe(result.traceId);
    expect(span!.spanContext().spanId).toBe(result.spanId);
    expect(span!.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.call.id': result.callId,
      'arsenal.status': 'success',
      'enduser.id': 'agent-7',
    });
    expect(span!.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(span!.events.map((event) => event.name)).toEqual(['arsenal.policy', 'arsenal.attempt']);
    expect(span!.resource.attributes['service.name']).toBe('arsenal');
  });

  it('puts the call under the caller span when the call carries one', async () => {
    const { telemetry, spans } = traced();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([weather]);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await arsenal.execute({
      tool: 'get_weather',
      arguments: { city: 'Oslo' },
      traceId,
      parentSpanId: '00f067aa0ba902b7',
    });
    const [span] = spans();
    expect(span!.spanContext().traceId).toBe(traceId);
    expect(span!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it('records each retry as an event and a failed call as an error with its code', async () => {
    let calls = 0;
    const flaky = defineTool({
      name: 'read_feed',
      description: 'Read a news feed.',
      annotations: { readOnlyHint: true, idempotentHint: true },
      input: { type: 'object', properties: {} },
      handler: () => {
        calls++;
        throw new ArsenalError('connection_failed', 'feed unreachable', { retryable: true });
      },
    });
    const { telemetry, spans } = traced();
    const arsenal = createArsenal({
      telemetry,
      execution: { retry: { baseDelayMs: 1, maxDelayMs: 2 } },
    });
    await arsenal.register([flaky]);
    const result = await arsenal.execute({ tool: 'read_feed', arguments: {}, retries: 2 });
    expect(calls).toBe(3);
    const [span] = named(spans(), 'execute_tool read_feed');
    const events = span!.events.map((event) => event.name);
    expect(events.filter((name) => name === 'arsenal.attempt')).toHaveLength(3);
    expect(events.filter((name) => name === 'arsenal.retry')).toHaveLength(2);
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes['error.type']).toBe(result.error?.code);
  });

  it('exports a retrieval span without the query text unless asked', async () => {
    const { telemetry, spans } = traced();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([weather]);
    await arsenal.retrieve('weather for the secret falcon site');
    const [span] = named(spans(), 'arsenal.retrieve');
    expect(span!.attributes).toMatchObject({ 'arsenal.retrieval.selected': 1 });
    expect(span!.attributes['arsenal.retrieval.tools']).toEqual(['default.get_weather:1.0.0']);
    expect(JSON.stringify(span!.attributes)).not.toContain('falcon');

    const withQuery = traced({ recordQueryText: true });
    const second = createArsenal({ telemetry: withQuery.telemetry });
    await second.register([weather]);
    await second.retrieve('weather for Oslo');
    expect(
      named(withQuery.spans(), 'arsenal.retrieve')[0]!.attributes['arsenal.retrieval.query'],
    ).toBe('weather for Oslo');
  });

  it('reports breaker changes and denied calls', async () => {
    const broken = defineTool({
      name: 'get_tides',
      description: 'Tide tables.',
      input: { type: 'object', properties: {} },
      handler: () => {
        throw new Error('down');
      },
    });
    const { telemetry, spans } = traced();
    const arsenal = createArsenal({
      telemetry,
      execution: { breaker: { failureThreshold: 1, cooldownMs: 60_000 } },
    });
    await arsenal.register([broken]);
    await arsenal.execute({ tool: 'get_tides', arguments: {} });
    await arsenal.execute({ tool: 'get_tides', arguments: {} });
    const all = spans();
    const breakerEvents = all.flatMap((span) =>
      span.events.filter((event) => event.name === 'arsenal.circuit'),
    );
    const breakerSpans = all.filter((span) => span.name.startsWith('circuit '));
    expect(breakerEvents.length + breakerSpans.length).toBeGreaterThanOrEqual(1);
    const rejected = named(all, 'execute_tool get_tides').at(-1)!;
    expect(rejected.attributes['error.type']).toBe('circuit_open');
  });

  it('ends calls still open when closed, as abandoned', async () => {
    const ended: ReadableSpan[] = [];
    const telemetry = new OtelTelemetry({
      spanProcessors: [
        {
          onStart() {},
          onEnd: (span) => ended.push(span),
          forceFlush: async () => {},
          shutdown: async () => {},
        },
      ],
    });
    telemetry.emit({
      type: 'execution.started',
      time: new Date().toISOString(),
      callId: 'call_1',
      tool: 'slow_tool',
      attempt: 1,
    });
    expect(ended).toHaveLength(0);
    await telemetry.close();
    const [span] = ended;
    expect(span!.attributes['arsenal.status']).toBe('abandoned');
  });

  it('builds spans off the call path when batching: by the next turn of the event loop, or on flush', async () => {
    const ended: ReadableSpan[] = [];
    const telemetry = new OtelTelemetry({
      spanProcessors: [
        {
          onStart() {},
          onEnd: (span) => ended.push(span),
          forceFlush: async () => {},
          shutdown: async () => {},
        },
      ],
    });
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([weather]);
    const first = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
    expect(ended).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(named(ended, 'execute_tool get_weather')).toHaveLength(1);
    const second = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Rome' } });
    await telemetry.forceFlush();
    const calls = named(ended, 'execute_tool get_weather');
    expect(calls.map((span) => span.spanContext().spanId)).toEqual([first.spanId, second.spanId]);
    // Built late, a span still carries the time of its event, not the time it was built.
    telemetry.emit({
      type: 'rate.limited',
      time: '2026-01-01T00:00:00.000Z',
      tool: 'busy_tool',
      scope: 'tool',
      retryAfterMs: 10,
    });
    await telemetry.forceFlush();
    const [limited] = named(ended, 'rate_limited busy_tool');
    expect(limited!.startTime).toEqual([Date.parse('2026-01-01T00:00:00.000Z') / 1000, 0]);
    expect(calls[1]!.events.map((event) => event.name)).toEqual([
      'arsenal.policy',
      'arsenal.attempt',
    ]);
  });

  it('gives spans and span events the times of their events, to the sub-millisecond', () => {
    const { telemetry, spans } = traced();
    const base = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    const call = { ...base, callId: 'call_1', tool: 'get_weather' };
    telemetry.emit({
      ...call,
      type: 'policy.decision',
      time: '2026-01-01T00:00:01.250Z',
      decision: 'allow',
      reason: 'ok',
    });
    telemetry.emit({
      ...call,
      type: 'execution.started',
      time: '2026-01-01T00:00:01.500Z',
      attempt: 1,
    });
    telemetry.emit({
      ...call,
      type: 'execution.completed',
      time: '2026-01-01T00:00:02.999Z',
      status: 'success',
      durationMs: 1749,
      attempt: 1,
    });
    telemetry.emit({
      type: 'retrieval.completed',
      time: '2026-01-01T00:00:03.000Z',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4737',
      query: 'weather',
      results: [],
      candidateCount: 0,
      filteredCount: 0,
      timings: { embeddingMs: 0, searchMs: 0.25, totalMs: 0.75 },
    });
    const second = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
    const [span] = named(spans(), 'execute_tool get_weather');
    expect(span!.startTime).toEqual([second + 1, 250_000_000]);
    expect(span!.events.map((event) => event.time)).toEqual([
      [second + 1, 250_000_000],
      [second + 1, 500_000_000],
    ]);
    expect(span!.endTime).toEqual([second + 2, 999_000_000]);
    expect(span!.duration).toEqual([1, 749_000_000]);
    const [retrieve] = named(spans(), 'arsenal.retrieve');
    expect(retrieve!.startTime).toEqual([second + 2, 999_250_000]);
    expect(retrieve!.endTime).toEqual([second + 3, 0]);
  });

  it('never holds more than a few hundred events before turning them into spans', () => {
    const ended: ReadableSpan[] = [];
    const telemetry = new OtelTelemetry({
      spanProcessors: [
        {
          onStart() {},
          onEnd: (span) => ended.push(span),
          forceFlush: async () => {},
          shutdown: async () => {},
        },
      ],
    });
    for (let index = 0; index < 300; index++) {
      telemetry.emit({
        type: 'rate.limited',
        time: new Date().toISOString(),
        tool: 'busy_tool',
        scope: 'tool',
        retryAfterMs: 10,
      });
    }
    // Synchronously, without a turn of the event loop: the first 256 became spans at once.
    expect(ended).toHaveLength(256);
  });

  it('bounds the calls held open: a flood of starts never grows memory without end', () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = new OtelTelemetry({ exporter, batch: false, maxOpenSpans: 5 });
    for (let index = 0; index < 50; index++) {
      telemetry.emit({
        type: 'execution.started',
        time: new Date().toISOString(),
        callId: `call_${index}`,
        tool: 'never_ends',
        attempt: 1,
      });
    }
    expect(exporter.getFinishedSpans()).toHaveLength(45);
  });

  it('keeps a non-W3C trace id the caller chose as an attribute', async () => {
    const { telemetry, spans } = traced();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([weather]);
    await arsenal.execute({
      tool: 'get_weather',
      arguments: { city: 'Oslo' },
      traceId: 'order-42',
    });
    expect(spans()[0]!.attributes['arsenal.trace_id']).toBe('order-42');
  });

  it('refuses to start with nowhere to send spans', async () => {
    const error = await expectArsenalError(() => new OtelTelemetry(), 'configuration_invalid');
    expect(error.message).toContain('exporter');
  });
});
