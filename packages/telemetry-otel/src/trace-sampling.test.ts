import { createArsenal, defineTool } from '@arsenal/core';
import { expectArsenalError } from '@arsenal/testkit';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { OtelTelemetry, type OtelTelemetryOptions } from './index.js';
import { TraceBudget, TraceSampling } from './trace-sampling.js';

const ping = defineTool({
  name: 'ping',
  description: 'Answer pong.',
  input: { type: 'object', properties: {} },
  handler: () => 'pong',
});

const broken = defineTool({
  name: 'broken',
  description: 'Always fail.',
  input: { type: 'object', properties: {} },
  handler: () => {
    throw new Error('down');
  },
});

async function tracedCalls(
  sampleRatio: number | undefined,
  calls: number,
  more: Partial<OtelTelemetryOptions> = { maxTracesPerSecond: Number.POSITIVE_INFINITY },
) {
  const exporter = new InMemorySpanExporter();
  const telemetry = new OtelTelemetry({
    exporter,
    batch: false,
    ...(sampleRatio === undefined ? {} : { sampleRatio }),
    ...more,
  });
  const arsenal = createArsenal({ telemetry });
  await arsenal.register([ping]);
  const results = [];
  for (let index = 0; index < calls; index++)
    results.push(await arsenal.execute({ tool: 'ping', arguments: {} }));
  await telemetry.forceFlush();
  const spans = exporter.getFinishedSpans().filter((span) => span.name === 'execute_tool ping');
  return { telemetry, exporter, results, spans };
}

describe('head sampling (sampleRatio)', () => {
  it('keeps every span by default while fewer than 100 traces a second arrive', async () => {
    const { spans } = await tracedCalls(undefined, 40, {});
    expect(spans).toHaveLength(40);
  });

  it('keeps about the share asked of consecutive calls, each kept call whole', async () => {
    const { spans, results } = await tracedCalls(0.25, 400);
    // Arsenal's trace ids count up from a random prefix: the share must hold for them too.
    const sampling = new TraceSampling(0.25);
    const expected = results.filter((result) => sampling.keeps(result.traceId));
    expect(expected.length).toBeGreaterThan(60);
    expect(expected.length).toBeLessThan(140);
    expect(spans.map((span) => span.spanContext().spanId)).toEqual(
      expected.map((result) => result.spanId),
    );
    // A kept call lost none of its events or attributes to sampling.
    for (const span of spans) {
      expect(span.events.map((event) => event.name)).toEqual(['arsenal.policy', 'arsenal.attempt']);
      expect(span.attributes['arsenal.status']).toBe('success');
    }
  });

  it('at 0 drops every sampled trace but keeps events that carry no trace id', async () => {
    const { spans, telemetry, exporter } = await tracedCalls(0, 20);
    expect(spans).toHaveLength(0);
    telemetry.emit({
      type: 'rate.limited',
      time: new Date().toISOString(),
      tool: 'busy_tool',
      scope: 'tool',
      retryAfterMs: 10,
    });
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      'rate_limited busy_tool',
    ]);
  });

  it('decides once per trace: the same trace id always gets the same answer', () => {
    const sampling = new TraceSampling(0.5);
    const ids = Array.from(
      { length: 64 },
      (_, index) => `4bf92f3577b34da6a3ce929d0e0e${index.toString(16).padStart(4, '0')}`,
    );
    const first = ids.map((id) => sampling.keeps(id));
    expect(new TraceSampling(0.5).keeps(ids[3])).toBe(first[3]);
    expect(ids.map((id) => sampling.keeps(id))).toEqual(first);
    expect(first).toContain(true);
    expect(first).toContain(false);
    expect(new TraceSampling(0).keeps(ids[0])).toBe(false);
    expect(sampling.keeps('order-42')).toBe(true);
  });

  it('refuses a ratio outside 0 to 1', async () => {
    for (const sampleRatio of [-0.1, 1.5, Number.NaN, '0.5' as unknown as number]) {
      const error = await expectArsenalError(
        () => new OtelTelemetry({ exporter: new InMemorySpanExporter(), sampleRatio }),
        'configuration_invalid',
      );
      expect(error.message).toContain('sampleRatio must be a number from 0 to 1');
    }
  });

  it('refuses a trace budget below 1 or not a number', async () => {
    for (const maxTracesPerSecond of [0, -5, Number.NaN, '100' as unknown as number]) {
      const error = await expectArsenalError(
        () => new OtelTelemetry({ exporter: new InMemorySpanExporter(), maxTracesPerSecond }),
        'configuration_invalid',
      );
      expect(error.message).toContain('maxTracesPerSecond must be a number of at least 1');
    }
  });
});

describe('trace budget (maxTracesPerSecond)', () => {
  const ids = (count: number, from = 0) =>
    Array.from(
      { length: count },
      (_, index) => `4bf92f3577b34da6a3ce929d0e0e${(from + index).toString(16).padStart(4, '0')}`,
    );

  it('keeps the first traces of each second up to the budget, decided by the clock given', () => {
    let now = 0;
    const budget = new TraceBudget(3, () => now);
    expect(ids(5).map((id) => budget.keeps(id))).toEqual([true, true, true, false, false]);
    now = 999;
    expect(budget.keeps(ids(1, 5)[0])).toBe(false);
    now = 1000;
    expect(ids(4, 6).map((id) => budget.keeps(id))).toEqual([true, true, true, false]);
  });

  it('keeps every event of a kept trace, even when traces interleave past the budget', () => {
    const now = 0;
    const budget = new TraceBudget(2, () => now);
    const [a, b, c] = ids(3);
    expect([a, b, c, a, b, c, a].map((id) => budget.keeps(id))).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
      true,
    ]);
    expect(budget.keeps('order-42')).toBe(true);
  });

  it('past the budget drops successful calls whole and keeps failed ones as spans', async () => {
    const exporter = new InMemorySpanExporter();
    // A clock that never moves: one second that holds every call below.
    const telemetry = new OtelTelemetry({
      exporter,
      batch: false,
      maxTracesPerSecond: 5,
      clock: () => 0,
    });
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([ping, broken]);
    const results = [];
    for (let index = 0; index < 20; index++)
      results.push(await arsenal.execute({ tool: 'ping', arguments: {} }));
    const failed = await arsenal.execute({ tool: 'broken', arguments: {} });
    await telemetry.forceFlush();
    const spans = exporter.getFinishedSpans();
    expect(spans.filter((span) => span.name === 'execute_tool ping')).toHaveLength(5);
    expect(spans.map((span) => span.spanContext().spanId).slice(0, 5)).toEqual(
      results.slice(0, 5).map((result) => result.spanId),
    );
    const failedSpan = spans.find((span) => span.name === 'execute_tool broken');
    expect(failedSpan?.spanContext().spanId).toBe(failed.spanId);
    expect(failedSpan?.attributes['arsenal.status']).toBe(failed.status);
    expect(failedSpan?.status.code).toBe(2); // SpanStatusCode.ERROR
  });

  it('keeps failed calls of traces the ratio drops, unless keepFailedCalls is false', async () => {
    for (const keepFailedCalls of [true, false]) {
      const exporter = new InMemorySpanExporter();
      const telemetry = new OtelTelemetry({
        exporter,
        batch: false,
        sampleRatio: 0,
        keepFailedCalls,
      });
      const arsenal = createArsenal({ telemetry });
      await arsenal.register([ping, broken]);
      await arsenal.execute({ tool: 'ping', arguments: {} });
      await arsenal.execute({ tool: 'broken', arguments: {} });
      await telemetry.forceFlush();
      expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(
        keepFailedCalls ? ['execute_tool broken'] : [],
      );
    }
  });
});
