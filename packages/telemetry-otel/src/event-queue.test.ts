import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { OtelTelemetry } from './index.js';

/** A processor that records each span as it ends, so a test sees when events became spans. */
function recordingProcessor(): { processor: SpanProcessor; ended: ReadableSpan[] } {
  const ended: ReadableSpan[] = [];
  const processor: SpanProcessor = {
    onStart: () => {},
    onEnd: (span) => {
      ended.push(span);
    },
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  return { processor, ended };
}

function emitCalls(telemetry: OtelTelemetry, count: number): void {
  const time = new Date().toISOString();
  for (let index = 0; index < count; index++) {
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
}

describe('OtelTelemetry event queue (batch, the default)', () => {
  it('builds no span on the call path below the queue limit, and all of them a turn later', async () => {
    const { processor, ended } = recordingProcessor();
    const telemetry = new OtelTelemetry({ spanProcessors: [processor] });
    emitCalls(telemetry, 10);
    expect(ended).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toHaveLength(10);
  });

  it('turns queued events into spans at once when 256 are waiting', () => {
    const { processor, ended } = recordingProcessor();
    const telemetry = new OtelTelemetry({ spanProcessors: [processor] });
    emitCalls(telemetry, 128); // 256 events
    expect(ended).toHaveLength(128);
    emitCalls(telemetry, 1);
    expect(ended).toHaveLength(128);
  });

  it('loses nothing queued on forceFlush and on close', async () => {
    const flushed = recordingProcessor();
    const flushing = new OtelTelemetry({ spanProcessors: [flushed.processor] });
    emitCalls(flushing, 50);
    await flushing.forceFlush();
    expect(flushed.ended).toHaveLength(50);

    const closed = recordingProcessor();
    const closing = new OtelTelemetry({ spanProcessors: [closed.processor] });
    emitCalls(closing, 50);
    // A call still open at close ends as abandoned rather than vanishing.
    closing.emit({
      type: 'execution.started',
      time: new Date().toISOString(),
      callId: 'open',
      tool: 'ping',
      attempt: 1,
    });
    await closing.close();
    expect(closed.ended).toHaveLength(51);
    expect(closed.ended.at(-1)?.attributes['arsenal.status']).toBe('abandoned');
  });
});
