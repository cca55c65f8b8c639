import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { defineTool } from '../tool/define-tool.js';
import type { ArsenalEvent, Telemetry } from './events.js';
import { combineTelemetry, createInMemoryTelemetry } from './telemetry.js';

const event: ArsenalEvent = {
  type: 'tool.flagged',
  time: '2026-01-01T00:00:00.000Z',
  tool: 'get_weather',
  findings: [],
};

describe('combineTelemetry', () => {
  it('gives each sink every event once, however the sinks were combined', async () => {
    const first = createInMemoryTelemetry();
    const second = createInMemoryTelemetry();
    const third = createInMemoryTelemetry();
    const closed: string[] = [];
    const closing: Telemetry = {
      emit: (received) => third.emit(received),
      close: async () => {
        closed.push('third');
      },
    };
    const combined = combineTelemetry(combineTelemetry(first, undefined, second), closing);
    combined.emit(event);
    combineTelemetry(combined).emit(event);
    expect(first.events()).toEqual([event, event]);
    expect(second.events()).toEqual([event, event]);
    expect(third.events()).toEqual([event, event]);
    await combineTelemetry(combined).close?.();
    expect(closed).toEqual(['third']);
  });

  it('keeps delivering to the other sinks when one throws', () => {
    const kept = createInMemoryTelemetry();
    const combined = combineTelemetry(
      {
        emit() {
          throw new Error('sink down');
        },
      },
      combineTelemetry(kept),
    );
    expect(() => combined.emit(event)).not.toThrow();
    expect(kept.events()).toEqual([event]);
  });

  it('reaches every sink of a combined telemetry given to an Arsenal, once per event', async () => {
    const metrics = createInMemoryTelemetry();
    const traces = createInMemoryTelemetry();
    const arsenal = createArsenal({ telemetry: combineTelemetry(metrics, traces) });
    await arsenal.register([
      defineTool({
        name: 'ping',
        description: 'Answer pong.',
        input: { type: 'object', properties: {} },
        handler: () => 'pong',
      }),
    ]);
    await arsenal.retrieve({ query: 'ping' });
    await arsenal.execute({ tool: 'ping', arguments: {} });
    for (const sink of [metrics, traces]) {
      expect(sink.events('retrieval.completed')).toHaveLength(1);
      expect(sink.events('execution.completed')).toHaveLength(1);
      expect(sink.events('execution.completed')[0]?.status).toBe('success');
    }
    expect(metrics.events()).toEqual(traces.events());
    await arsenal.close();
  });
});
