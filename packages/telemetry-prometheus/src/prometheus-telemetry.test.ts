import { createArsenal, createSecurityPolicy, defineTool } from '@arsenal/core';
import { expectArsenalError } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { OVERFLOW_LABEL } from './bounded-labels.js';
import { parseExposition, sampleValue } from './exposition-test-support.js';
import { createPrometheusTelemetry, PrometheusTelemetry } from './index.js';

const cityInput = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
} as const;

const weather = defineTool({
  name: 'get_weather',
  namespace: 'forecasts',
  description: 'Current weather and forecast for a city.',
  input: cityInput,
  handler: ({ city }) => ({ city, tempC: 21 }),
});
const flaky = defineTool({
  name: 'get_tides',
  namespace: 'forecasts',
  description: 'Tide tables for a harbour.',
  input: cityInput,
  handler: () => {
    throw new Error('tide service unreachable');
  },
});

async function scrape(telemetry: PrometheusTelemetry) {
  return parseExposition(await telemetry.metrics());
}

describe('PrometheusTelemetry', () => {
  it('counts calls by tool, namespace, status and error code, with latency histograms', async () => {
    const telemetry = createPrometheusTelemetry();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([weather, flaky]);
    await arsenal.retrieve('weather forecast for Oslo');
    await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
    await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Rome' } });
    await arsenal.execute({ tool: 'get_weather', arguments: { town: 'Rome' } });
    await arsenal.execute({ tool: 'get_tides', arguments: { city: 'Bergen' } });

    const { samples, types } = await scrape(telemetry);
    const weatherOk = { namespace: 'forecasts', tool: 'get_weather', status: 'success' };
    expect(
      sampleValue(samples, 'arsenal_executions_total', { ...weatherOk, error_code: 'none' }),
    ).toBe(2);
    expect(
      sampleValue(samples, 'arsenal_executions_total', {
        tool: 'get_weather',
        status: 'invalid_arguments',
      }),
    ).toBe(1);
    const tides = samples.filter(
      (sample) => sample.name === 'arsenal_executions_total' && sample.labels.tool === 'get_tides',
    );
    expect(tides).toHaveLength(1);
    expect(tides[0]!.labels.status).not.toBe('success');
    expect(tides[0]!.labels.error_code).not.toBe('none');
    expect(sampleValue(samples, 'arsenal_execution_duration_seconds_count', weatherOk)).toBe(2);
    expect(types.get('arsenal_execution_duration_seconds')).toBe('histogram');
    expect(sampleValue(samples, 'arsenal_retrievals_total')).toBe(1);
    expect(
      sampleValue(samples, 'arsenal_retrieval_duration_seconds_count', { stage: 'total' }),
    ).toBe(1);
    expect(sampleValue(samples, 'arsenal_tools_registered')).toBe(2);
    expect(sampleValue(samples, 'arsenal_executions_in_flight')).toBe(0);
    await arsenal.close();
  });

  it('never puts query text or principal ids into labels unless asked to', async () => {
    const telemetry = createPrometheusTelemetry();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([weather]);
    const principal = { id: 'alice@example.com', capabilities: [] };
    await arsenal.retrieve({ query: 'secret project falcon weather', principal });
    await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' }, principal });
    const text = await telemetry.metrics();
    expect(text).not.toContain('falcon');
    expect(text).not.toContain('alice');

    const labelled = createPrometheusTelemetry({ principalLabel: true });
    const second = createArsenal({ telemetry: labelled });
    await second.register([weather]);
    await second.execute({ tool: 'get_weather', arguments: { city: 'Oslo' }, principal });
    const { samples } = await scrape(labelled);
    expect(
      sampleValue(samples, 'arsenal_executions_total', { principal: 'alice@example.com' }),
    ).toBe(1);
  });

  it('shows calls in flight while a tool runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = defineTool({
      name: 'export_report',
      description: 'Export the monthly report.',
      input: { type: 'object', properties: {} },
      handler: async () => {
        await gate;
        return 'done';
      },
    });
    const telemetry = createPrometheusTelemetry();
    const arsenal = createArsenal({ telemetry });
    await arsenal.register([slow]);
    const running = arsenal.execute({ tool: 'export_report', arguments: {} });
    await expect
      .poll(async () =>
        sampleValue((await scrape(telemetry)).samples, 'arsenal_executions_in_flight'),
      )
      .toBe(1);
    release();
    expect((await running).status).toBe('success');
    expect(sampleValue((await scrape(telemetry)).samples, 'arsenal_executions_in_flight')).toBe(0);
  });

  it('gauges open circuit breakers and counts their transitions', async () => {
    const telemetry = createPrometheusTelemetry();
    const arsenal = createArsenal({
      telemetry,
      execution: { breaker: { failureThreshold: 2, cooldownMs: 60_000 } },
    });
    await arsenal.register([flaky]);
    for (let call = 0; call < 3; call++) {
      await arsenal.execute({ tool: 'get_tides', arguments: { city: 'Bergen' } });
    }
    const { samples } = await scrape(telemetry);
    expect(sampleValue(samples, 'arsenal_circuit_breakers_open')).toBe(1);
    expect(
      sampleValue(samples, 'arsenal_circuit_transitions_total', { tool: 'get_tides', to: 'open' }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'arsenal_executions_total', {
        tool: 'get_tides',
        error_code: 'circuit_open',
      }),
    ).toBe(1);
  });

  it('counts policy decisions and withheld tools', async () => {
    const telemetry = createPrometheusTelemetry();
    const dropTable = defineTool({
      name: 'drop_table',
      description: 'Drop a database table and all of its rows.',
      input: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
      handler: () => 'dropped',
    });
    const arsenal = createArsenal({
      telemetry,
      policy: createSecurityPolicy({ deny: { tools: ['drop_*'] } }),
    });
    await arsenal.register([weather, dropTable]);
    // A tool the policy hides is not counted at all (a caller never learns of it, not even as a
    // number); one the request's filters leave out is withheld.
    await arsenal.retrieve('drop the users database table');
    await arsenal.retrieve({
      query: 'weather forecast for a city',
      filters: { excludeTools: ['forecasts.get_weather'] },
    });
    const denied = await arsenal.execute({ tool: 'drop_table', arguments: { table: 'users' } });
    expect(denied.status).toBe('permission_denied');
    const { samples } = await scrape(telemetry);
    expect(sampleValue(samples, 'arsenal_retrieval_withheld_tools_total')).toBe(1);
    expect(sampleValue(samples, 'arsenal_policy_decisions_total', { decision: 'deny' })).toBe(1);
  });

  it('bounds the tool label: a flood of distinct names collapses into __other__', async () => {
    const telemetry = createPrometheusTelemetry({ maxToolLabels: 3 });
    const arsenal = createArsenal({ telemetry });
    for (let index = 0; index < 50; index++) {
      await arsenal.execute({ tool: `missing_${index}_${'x'.repeat(5_000)}`, arguments: {} });
    }
    const { samples } = await scrape(telemetry);
    const tools = new Set(
      samples
        .filter((sample) => sample.name === 'arsenal_executions_total')
        .map((sample) => sample.labels.tool),
    );
    expect(tools.size).toBe(4);
    expect(tools.has(OVERFLOW_LABEL)).toBe(true);
    expect(Math.max(...[...tools].map((tool) => tool!.length))).toBeLessThanOrEqual(200);
    expect(sampleValue(samples, 'arsenal_executions_total', { tool: OVERFLOW_LABEL })).toBe(47);
  });

  it('applies queued events before any read, through the registry too, in emitted order', async () => {
    const telemetry = createPrometheusTelemetry();
    const completed = (tool: string, status: string) => ({
      type: 'execution.completed' as const,
      time: new Date().toISOString(),
      callId: `call_${tool}_${status}`,
      tool,
      status,
      durationMs: 2,
      attempt: 1,
    });
    telemetry.emit({
      type: 'tool.registered',
      time: new Date().toISOString(),
      tool: 'get_weather',
      qualifiedName: 'forecasts.get_weather:1.0.0',
      contentHash: 'a',
      change: 'added',
    });
    telemetry.emit(completed('get_weather', 'success'));
    const executions = telemetry.registry.getSingleMetric('arsenal_executions_total')!;
    const read = async () => (await executions.get()).values.map((value) => value.labels);
    expect(await read()).toEqual([
      { namespace: 'forecasts', tool: 'get_weather', status: 'success', error_code: 'none' },
    ]);
    // Moved to another namespace: calls after the move count there, not under the old labels.
    telemetry.emit({
      type: 'tool.registered',
      time: new Date().toISOString(),
      tool: 'get_weather',
      qualifiedName: 'weather.get_weather:2.0.0',
      contentHash: 'b',
      change: 'updated',
    });
    telemetry.emit(completed('get_weather', 'success'));
    const { samples } = await scrape(telemetry);
    expect(sampleValue(samples, 'arsenal_executions_total', { namespace: 'weather' })).toBe(1);
    expect(sampleValue(samples, 'arsenal_executions_total', { namespace: 'forecasts' })).toBe(1);
    expect(sampleValue(samples, 'arsenal_tools_registered')).toBe(1);
  });

  it('counts every event as it arrives, with nothing left waiting for a scrape', async () => {
    const telemetry = createPrometheusTelemetry();
    const failure = {
      type: 'audit.failed' as const,
      time: new Date().toISOString(),
      callId: 'c',
      tool: 't',
      message: 'disk full',
    };
    for (let index = 0; index < 1_500; index++) telemetry.emit(failure);
    // Read the stored value without any read hook: every event is already counted.
    const failures = telemetry.registry.getSingleMetric(
      'arsenal_audit_failures_total',
    ) as unknown as {
      hashMap: Record<string, { value: number }>;
    };
    expect(Object.values(failures.hashMap)[0]!.value).toBe(1_500);
    expect(sampleValue((await scrape(telemetry)).samples, 'arsenal_audit_failures_total')).toBe(
      1_500,
    );
  });

  it('keeps two instances apart and drops its metrics on close', async () => {
    const first = createPrometheusTelemetry();
    const second = createPrometheusTelemetry();
    first.emit({
      type: 'audit.failed',
      time: new Date().toISOString(),
      callId: 'c',
      tool: 't',
      message: 'disk full',
    });
    expect(sampleValue((await scrape(first)).samples, 'arsenal_audit_failures_total')).toBe(1);
    expect(sampleValue((await scrape(second)).samples, 'arsenal_audit_failures_total')).toBe(0);
    await first.close();
    expect(await first.metrics()).toBe('\n');
  });

  it('rejects a bad prefix or label budget with a typed error that says how to fix it', async () => {
    const prefix = await expectArsenalError(
      () => new PrometheusTelemetry({ prefix: '9 bad-prefix' }),
      'configuration_invalid',
    );
    expect(prefix.message).toContain('letters, digits');
    await expectArsenalError(
      () => new PrometheusTelemetry({ maxToolLabels: 0 }),
      'configuration_invalid',
    );
  });

  it('collects process metrics under the same prefix when asked', async () => {
    const telemetry = createPrometheusTelemetry({ defaultMetrics: true, prefix: 'gateway_' });
    const { types } = await scrape(telemetry);
    expect(types.has('gateway_process_cpu_user_seconds_total')).toBe(true);
    expect(types.has('gateway_executions_total')).toBe(true);
  });
});
