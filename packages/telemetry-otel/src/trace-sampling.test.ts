import { createArsenal, defineTool } from '@arsenal/core';
import { expectArsenalError } from '@arsenal/testkit';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { OtelTelemetry } from './index.js';
import { TraceSampling } from './trace-sampling.js';

const ping = defineTool({
  name: 'ping',
  description: 'Answer pong.',
  input: { type: 'object', properties: {} },
  handler: () => 'pong',
});

async function tracedCalls(sampleRatio: number | undefined, calls: number) {
  const exporter = new InMemorySpanExporter();
  const telemetry = new OtelTelemetry({
    exporter,
    batch: false,
    ...(sampleRatio === undefined ? {} : { sampleRatio }),
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
  it('keeps every span by default', async () => {
    const { spans } = await tracedCalls(undefined, 40);
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
});
