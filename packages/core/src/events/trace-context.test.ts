import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { defineTool } from '../tool/define-tool.js';
import { createInMemoryTelemetry } from './telemetry.js';
import { formatTraceparent, isW3cSpanId, isW3cTraceId, parseTraceparent } from './trace-context.js';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const spanId = '00f067aa0ba902b7';

describe('trace context', () => {
  it('formats and parses W3C traceparent headers', () => {
    expect(formatTraceparent({ traceId, spanId })).toBe(`00-${traceId}-${spanId}-01`);
    expect(formatTraceparent({ traceId, spanId, sampled: false })).toBe(
      `00-${traceId}-${spanId}-00`,
    );
    expect(parseTraceparent(` 00-${traceId.toUpperCase()}-${spanId}-01 `)).toEqual({
      traceId,
      spanId,
      sampled: true,
    });
    expect(parseTraceparent(`00-${traceId}-${spanId}-00`)?.sampled).toBe(false);
  });

  it('refuses ids an OpenTelemetry backend would reject', () => {
    expect(formatTraceparent({ traceId: 'not-hex', spanId })).toBeUndefined();
    expect(formatTraceparent({ traceId: '0'.repeat(32), spanId })).toBeUndefined();
    expect(formatTraceparent({ traceId, spanId: '0'.repeat(16) })).toBeUndefined();
    expect(formatTraceparent({ traceId })).toBeUndefined();
    for (const bad of [
      '',
      'garbage',
      `01-${traceId}-${spanId}-01`,
      `00-${traceId}-${spanId}`,
      42,
    ]) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
  });

  it('tells W3C trace and span ids from everything else', () => {
    expect(isW3cTraceId(traceId)).toBe(true);
    expect(isW3cSpanId(spanId)).toBe(true);
    expect(isW3cTraceId(`${'0'.repeat(31)}1`)).toBe(true);
    expect(isW3cSpanId(`f${'0'.repeat(15)}`)).toBe(true);
    for (const bad of [
      '0'.repeat(32),
      traceId.toUpperCase(),
      traceId.slice(1),
      `${traceId}0`,
      `${traceId.slice(0, 31)}g`,
      `${traceId.slice(0, 31)}:`,
      `${traceId.slice(0, 31)}/`,
      `${traceId.slice(0, 31)}\``,
      spanId,
      undefined,
      32,
    ]) {
      expect(isW3cTraceId(bad)).toBe(false);
    }
    for (const bad of ['0'.repeat(16), spanId.toUpperCase(), traceId, `${spanId.slice(0, 15)}-`]) {
      expect(isW3cSpanId(bad)).toBe(false);
    }
  });

  it('gives the handler and every event of a call the same span, under the caller span', async () => {
    const telemetry = createInMemoryTelemetry();
    const arsenal = createArsenal({ telemetry });
    const seen: (string | undefined)[] = [];
    await arsenal.register([
      defineTool({
        name: 'ping',
        description: 'Answer pong.',
        input: { type: 'object', properties: {} },
        handler: (_args, context) => {
          seen.push(formatTraceparent(context));
          return 'pong';
        },
      }),
    ]);
    const result = await arsenal.execute({
      tool: 'ping',
      arguments: {},
      traceId,
      parentSpanId: spanId,
    });
    expect(result.traceId).toBe(traceId);
    expect(seen).toEqual([`00-${traceId}-${result.spanId}-01`]);
    const events = [
      ...telemetry.events('policy.decision'),
      ...telemetry.events('execution.started'),
      ...telemetry.events('execution.completed'),
    ];
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect(event).toMatchObject({ traceId, spanId: result.spanId, parentSpanId: spanId });
    }
    expect(telemetry.events('policy.decision')[0]!.callId).toBe(result.callId);
  });
});
