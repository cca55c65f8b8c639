import { combineTelemetry, createArsenal, defineTool } from '@arsenal/core';
import { createPrometheusTelemetry } from '@arsenal/telemetry-prometheus';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { OtelTelemetry } from './index.js';

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

describe('metrics beside sampled traces', () => {
  it('counts every call exactly while traces are sampled and budgeted', async () => {
    const exporter = new InMemorySpanExporter();
    const traces = new OtelTelemetry({
      exporter,
      sampleRatio: 0.5,
      maxTracesPerSecond: 10,
      clock: () => 0,
    });
    const metrics = createPrometheusTelemetry();
    const arsenal = createArsenal({ telemetry: combineTelemetry(traces, metrics) });
    await arsenal.register([ping, broken]);
    for (let index = 0; index < 300; index++)
      await arsenal.execute({ tool: 'ping', arguments: {} });
    for (let index = 0; index < 7; index++)
      await arsenal.execute({ tool: 'broken', arguments: {} });
    await traces.forceFlush();

    const spans = exporter.getFinishedSpans();
    // Traces: at most 10 kept, plus the failed calls (kept whatever the sampling says).
    expect(spans.filter((span) => span.name === 'execute_tool ping').length).toBeLessThanOrEqual(
      10,
    );
    expect(spans.filter((span) => span.name === 'execute_tool broken')).toHaveLength(7);

    // Metrics: every call, none lost to sampling.
    const executions = await metrics.registry.getSingleMetric('arsenal_executions_total')!.get();
    const byTool = (tool: string) =>
      executions.values
        .filter((value) => value.labels.tool === tool)
        .reduce((sum, value) => sum + value.value, 0);
    expect(byTool('ping')).toBe(300);
    expect(byTool('broken')).toBe(7);
    await traces.close();
  });
});
