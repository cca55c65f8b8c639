import { describe, expect, it } from 'vitest';
import { parseExposition, sampleValue } from './exposition-test-support.js';
import { createPrometheusTelemetry } from './index.js';

describe('PrometheusTelemetry totals over many calls', () => {
  it('counts every call and keeps the gauges exact', async () => {
    const telemetry = createPrometheusTelemetry();
    const time = new Date().toISOString();
    const complete = (callId: string, status: 'success' | 'error', principalId: string) =>
      telemetry.emit({
        type: 'execution.completed',
        time,
        callId,
        tool: 'forecasts.get_weather:1.0.0',
        attempt: 1,
        status,
        durationMs: 2,
        principalId,
        ...(status === 'error' ? { errorCode: 'tool_failed' } : {}),
      });
    for (let index = 0; index < 2500; index++) {
      telemetry.emit({
        type: 'execution.started',
        time,
        callId: `call_${index}`,
        tool: 'forecasts.get_weather:1.0.0',
        attempt: 1,
      });
      telemetry.emit({
        type: 'policy.decision',
        time,
        tool: 'get_weather',
        decision: index % 5 === 0 ? 'deny' : 'allow',
        reason: 'rule',
      });
      if (index % 10 !== 9) complete(`call_${index}`, index % 4 === 0 ? 'error' : 'success', 'a');
    }
    const { samples } = parseExposition(await telemetry.metrics());
    const labels = { namespace: 'forecasts', tool: 'get_weather' };
    expect(
      sampleValue(samples, 'arsenal_executions_total', {
        ...labels,
        status: 'success',
        error_code: 'none',
      }),
    ).toBe(1625);
    expect(
      sampleValue(samples, 'arsenal_executions_total', {
        ...labels,
        status: 'error',
        error_code: 'tool_failed',
      }),
    ).toBe(625);
    expect(sampleValue(samples, 'arsenal_policy_decisions_total', { decision: 'deny' })).toBe(500);
    expect(sampleValue(samples, 'arsenal_policy_decisions_total', { decision: 'allow' })).toBe(
      2000,
    );
    // Every tenth call never completed: still in flight.
    expect(sampleValue(samples, 'arsenal_executions_in_flight', {})).toBe(250);
    for (let index = 9; index < 2500; index += 10) complete(`call_${index}`, 'success', 'a');
    const after = parseExposition(await telemetry.metrics()).samples;
    expect(sampleValue(after, 'arsenal_executions_in_flight', {})).toBe(0);
    expect(
      sampleValue(after, 'arsenal_executions_total', {
        ...labels,
        status: 'success',
        error_code: 'none',
      }),
    ).toBe(1875);
  });

  it('counts a retried call in flight once, and a call that never started not at all', async () => {
    const telemetry = createPrometheusTelemetry();
    const time = new Date().toISOString();
    const tool = 'get_weather';
    const inFlight = async () =>
      sampleValue(
        parseExposition(await telemetry.metrics()).samples,
        'arsenal_executions_in_flight',
        {},
      );
    telemetry.emit({ type: 'execution.started', time, callId: 'a', tool, attempt: 1 });
    telemetry.emit({ type: 'execution.started', time, callId: 'a', tool, attempt: 2 });
    expect(await inFlight()).toBe(1);
    // Denied before any attempt: it completes with no attempt and leaves `a` in flight.
    telemetry.emit({
      type: 'execution.completed',
      time,
      callId: 'b',
      tool,
      status: 'denied',
      errorCode: 'policy_denied',
      durationMs: 0,
      attempt: 0,
    });
    expect(await inFlight()).toBe(1);
    telemetry.emit({
      type: 'execution.completed',
      time,
      callId: 'a',
      tool,
      status: 'success',
      durationMs: 3,
      attempt: 2,
    });
    expect(await inFlight()).toBe(0);
  });
});
