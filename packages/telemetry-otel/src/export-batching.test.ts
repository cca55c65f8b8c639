import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { OtelTelemetry } from './index.js';

describe('OtelTelemetry export batching', () => {
  it('loses no span of a burst of calls while an export is in flight', async () => {
    const exported: ReadableSpan[] = [];
    const pending: (() => void)[] = [];
    // A collector that answers only when told: every export stays in flight until then.
    const exporter: SpanExporter = {
      export: (spans, done) => {
        exported.push(...spans);
        pending.push(() => done({ code: 0 })); // ExportResultCode.SUCCESS
      },
      shutdown: async () => {},
    };
    const telemetry = new OtelTelemetry({ exporter });
    const time = new Date().toISOString();
    for (let index = 0; index < 6000; index++) {
      const callId = `call_${index}`;
      telemetry.emit({ type: 'execution.started', time, callId, tool: 'ping', attempt: 1 });
      telemetry.emit({
        type: 'execution.completed',
        time,
        callId,
        tool: 'ping',
        attempt: 1,
        status: 'success',
        durationMs: 1,
      });
    }
    const flushed = telemetry.forceFlush();
    for (let turn = 0; turn < 50; turn++) {
      for (const answer of pending.splice(0)) answer();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await flushed;
    expect(exported).toHaveLength(6000);
  });
});
