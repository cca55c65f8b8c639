import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedTool } from '../registry/types.js';
import type { StandardSchemaV1 } from '../schema/standard-schema.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { setup, tool } from './engine-test-support.js';

const weatherSchema = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
  },
  required: ['city'],
  additionalProperties: false,
} as const;

const getWeather = () =>
  tool('get_weather', (args) => ({ city: args.city, units: args.units, temperature: 21 }), {
    parametersSchema: weatherSchema,
    namespace: 'weather',
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('execute: resolve', () => {
  it('runs a tool by name, qualified name and alias, with defaults applied', async () => {
    const { engine } = setup([getWeather()]);
    for (const reference of [
      'get_weather',
      'weather.get_weather',
      'weather.get_weather:1.0.0',
      'weather',
    ]) {
      const result = await engine.execute({ tool: reference, arguments: { city: 'Oslo' } });
      expect(result.status).toBe('success');
      expect(result.result).toEqual({ city: 'Oslo', units: 'metric', temperature: 21 });
      expect(result.qualifiedName).toBe('weather.get_weather:1.0.0');
      expect(result.attempt).toBe(1);
      expect(result.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(result.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(result.startedAt).toBeDefined();
    }
  });

  it('answers an unknown tool with not_found and suggestions', async () => {
    const { engine, history } = setup([getWeather()]);
    const result = await engine.execute({ tool: 'get_wether', arguments: {} });
    expect(result.status).toBe('not_found');
    expect(result.error?.code).toBe('tool_not_found');
    expect(result.error?.suggestions).toEqual(['get_weather']);
    expect(result.error?.message).toContain('Did you mean "get_weather"?');
    expect(result.attempt).toBe(0);
    expect(await history.count()).toBe(1);
  });

  it('answers a call without a tool name as invalid_arguments', async () => {
    const { engine } = setup([getWeather()]);
    const result = await engine.execute({ tool: '' });
    expect(result.status).toBe('invalid_arguments');
    expect(result.error?.issues?.[0]?.path).toBe('/tool');
  });

  it('keeps the trace id the caller gave', async () => {
    const { engine } = setup([getWeather()]);
    const result = await engine.execute({
      tool: 'get_weather',
      arguments: { city: 'Oslo' },
      traceId: 'trace-1',
    });
    expect(result.traceId).toBe('trace-1');
  });
});

describe('execute: arguments', () => {
  it('lists every schema problem with its path', async () => {
    const { engine } = setup([getWeather()]);
    const result = await engine.execute({
      tool: 'get_weather',
      arguments: { city: '', units: 'kelvin', extra: 1 },
    });
    expect(result.status).toBe('invalid_arguments');
    expect(result.error?.code).toBe('validation_failed');
    expect(result.error?.issues?.map((issue) => issue.path).sort()).toEqual([
      '/city',
      '/extra',
      '/units',
    ]);
  });

  it('refuses arguments that are not objects, and accepts JSON text of an object', async () => {
    const { engine } = setup([getWeather()]);
    for (const bad of [[1, 2], 'not json', 42, null, true]) {
      const result = await engine.execute({ tool: 'get_weather', arguments: bad });
      expect(result.status).toBe('invalid_arguments');
    }
    const fromText = await engine.execute({ tool: 'get_weather', arguments: '{"city":"Rome"}' });
    expect(fromText.status).toBe('success');
  });

  it('refuses huge arguments over the size cap', async () => {
    const { engine, history } = setup([tool('echo', (args) => args)], { maxArgumentBytes: 1000 });
    const result = await engine.execute({ tool: 'echo', arguments: { blob: 'x'.repeat(5000) } });
    expect(result.status).toBe('invalid_arguments');
    expect(result.error?.message).toContain('maxArgumentBytes');
    const [record] = await history.query();
    expect(JSON.stringify(record?.arguments).length).toBeLessThan(100);
  });

  it('refuses arguments with cycles or BigInt', async () => {
    const { engine } = setup([tool('echo', (args) => args)]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await engine.execute({ tool: 'echo', arguments: cyclic })).status).toBe(
      'invalid_arguments',
    );
    expect((await engine.execute({ tool: 'echo', arguments: { n: 1n } })).status).toBe(
      'invalid_arguments',
    );
  });

  it('validates with the Standard Schema when the tool has one, and passes its output on', async () => {
    const schema: StandardSchemaV1 = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: (value) => {
          const amount = (value as { amount?: unknown }).amount;
          return typeof amount === 'number'
            ? { value: { amount: amount * 100 } }
            : { issues: [{ message: 'amount must be a number', path: ['amount'] }] };
        },
      },
    };
    const { engine } = setup([tool('to_cents', (args) => args.amount, {}, schema)]);
    const ok = await engine.execute({ tool: 'to_cents', arguments: { amount: 2 } });
    expect(ok.result).toBe(200);
    const bad = await engine.execute({ tool: 'to_cents', arguments: { amount: 'two' } });
    expect(bad.status).toBe('invalid_arguments');
    expect(bad.error?.issues).toEqual([{ path: '/amount', message: 'amount must be a number' }]);
  });
});

describe('execute: running', () => {
  it('turns thrown errors, including non-Error values, into failure results', async () => {
    const { engine } = setup([
      tool('throws_error', () => {
        throw new TypeError('bad thing');
      }),
      tool('throws_string', () => {
        throw 'just a string';
      }),
      tool('rejects_object', () => Promise.reject({ reason: 42 })),
      tool('throws_undefined', () => {
        throw undefined;
      }),
    ]);
    const error = await engine.execute({ tool: 'throws_error' });
    expect(error).toMatchObject({
      status: 'failure',
      error: { errorType: 'TypeError', message: 'bad thing' },
    });
    const text = await engine.execute({ tool: 'throws_string' });
    expect(text.status).toBe('failure');
    expect(text.error?.message).toContain('just a string');
    const object = await engine.execute({ tool: 'rejects_object' });
    expect(object.error?.message).toContain('{"reason":42}');
    expect((await engine.execute({ tool: 'throws_undefined' })).status).toBe('failure');
  });

  it('fails results that are not JSON-serialisable', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { engine } = setup([
      tool('cyclic', () => cyclic),
      tool('big', () => 10n),
      tool('fn', () => () => 1),
    ]);
    for (const name of ['cyclic', 'big', 'fn']) {
      const result = await engine.execute({ tool: name });
      expect(result.status).toBe('failure');
      expect(result.error?.code).toBe('result_not_serializable');
    }
  });

  it('times out a handler that ignores its signal, and aborts the signal', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const { engine } = setup([
      tool('hangs', (_args, context) => {
        seen = context.signal;
        return new Promise(() => {});
      }),
    ]);
    const pending = engine.execute({ tool: 'hangs', timeoutMs: 500 });
    await vi.advanceTimersByTimeAsync(500);
    const result = await pending;
    expect(result.status).toBe('timeout');
    expect(result.error).toMatchObject({ code: 'timeout', retryable: true });
    expect(seen?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels through the caller signal', async () => {
    const controller = new AbortController();
    let handlerSignal: AbortSignal | undefined;
    const { engine } = setup([
      tool('slow', (_args, context) => {
        handlerSignal = context.signal;
        return new Promise(() => {});
      }),
    ]);
    const pending = engine.execute({ tool: 'slow', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    const result = await pending;
    expect(result.status).toBe('cancelled');
    expect(handlerSignal?.aborted).toBe(true);
    const again = await engine.execute({ tool: 'slow', signal: controller.signal });
    expect(again.status).toBe('cancelled');
    expect(again.attempt).toBe(0);
  });

  it('reports progress to the caller', async () => {
    const updates: unknown[] = [];
    const { engine } = setup([
      tool('steps', (_args, context) => {
        context.reportProgress({ progress: 0.5, message: 'half' });
        return 'done';
      }),
    ]);
    await engine.execute({ tool: 'steps', onProgress: (update) => updates.push(update) });
    expect(updates).toEqual([{ progress: 0.5, message: 'half' }]);
  });

  it('passes log entries from the handler to the caller', async () => {
    const entries: unknown[] = [];
    const { engine } = setup([
      tool('chatty', (_args, context) => {
        context.log?.({ level: 'debug', message: 'starting' });
        context.log?.({ level: 'warning', message: 'slow upstream', data: { retries: 2 } });
        return 'done';
      }),
    ]);
    const result = await engine.execute({ tool: 'chatty', onLog: (entry) => entries.push(entry) });
    expect(result.status).toBe('success');
    expect(entries).toEqual([
      { level: 'debug', message: 'starting' },
      { level: 'warning', message: 'slow upstream', data: { retries: 2 } },
    ]);
  });

  it('gives every handler a log function, a no-op when nobody listens', async () => {
    const { engine } = setup([
      tool('chatty', (_args, context) => {
        context.log?.({ level: 'info', message: 'nobody hears this' });
        return typeof context.log;
      }),
    ]);
    const result = await engine.execute({ tool: 'chatty' });
    expect(result).toMatchObject({ status: 'success', result: 'function' });
  });

  it('keeps the call alive when the log listener throws', async () => {
    const { engine } = setup([
      tool('chatty', (_args, context) => {
        context.log?.({ level: 'error', message: 'one' });
        context.log?.({ level: 'error', message: 'two' });
        return 'done';
      }),
    ]);
    let calls = 0;
    const result = await engine.execute({
      tool: 'chatty',
      onLog: () => {
        calls++;
        throw new Error('listener broke');
      },
    });
    expect(result).toMatchObject({ status: 'success', result: 'done' });
    expect(calls).toBe(2);
  });

  it('drops log entries a handler reports after its call ended', async () => {
    const entries: unknown[] = [];
    let late: (() => void) | undefined;
    const { engine } = setup([
      tool('lingering', (_args, context) => {
        late = () => context.log?.({ level: 'info', message: 'too late' });
        return 'done';
      }),
    ]);
    await engine.execute({ tool: 'lingering', onLog: (entry) => entries.push(entry) });
    late?.();
    expect(entries).toEqual([]);
  });

  it('lets a handler call back into the engine', async () => {
    const tools: ResolvedTool[] = [getWeather()];
    const { engine } = setup(tools);
    const nested = tool('weather_twice', async () => {
      const first = await engine.execute({ tool: 'get_weather', arguments: { city: 'A' } });
      const second = await engine.execute({ tool: 'get_weather', arguments: { city: 'B' } });
      return [first.status, second.status];
    });
    const outer = setup([...tools, nested], {});
    // The outer engine runs the nested tool, whose handler calls the first engine.
    const result = await outer.engine.execute({ tool: 'weather_twice' });
    expect(result).toMatchObject({ status: 'success', result: ['success', 'success'] });
  });

  it('lets a handler call back into the same engine', async () => {
    const tools: ResolvedTool[] = [getWeather()];
    let self: ReturnType<typeof setup>['engine'] | undefined;
    tools.push(
      tool('weather_via_engine', async () => {
        const inner = await self!.execute({ tool: 'get_weather', arguments: { city: 'C' } });
        return inner.result;
      }),
    );
    const { engine, history } = setup(tools);
    self = engine;
    const result = await engine.execute({ tool: 'weather_via_engine' });
    expect(result.result).toMatchObject({ city: 'C' });
    expect(await history.count()).toBe(2);
  });

  it('says so when no executor can run the tool', async () => {
    const definition = createToolDefinition({
      name: 'remote_thing',
      description: 'A remote tool that nobody can run in this test.',
      parametersSchema: { type: 'object' },
      source: 'mcp_server',
    });
    const { engine } = setup([{ definition }]);
    const result = await engine.execute({ tool: 'remote_thing' });
    expect(result.status).toBe('failure');
    expect(result.error?.message).toContain('No executor');
  });

  it('falls back to the first executor whose canExecute is true', async () => {
    const definition = createToolDefinition({
      name: 'remote_thing',
      description: 'A remote tool run by a fallback executor.',
      parametersSchema: { type: 'object' },
      source: 'mcp_server',
    });
    const { engine } = setup([{ definition }], {
      executors: [
        { kind: 'http', canExecute: () => false, execute: async () => 'http' },
        { kind: 'mcp', canExecute: (t) => t.source === 'mcp_server', execute: async () => 'mcp' },
      ],
    });
    expect((await engine.execute({ tool: 'remote_thing' })).result).toBe('mcp');
  });
});

describe('execute: retries', () => {
  const flaky = (failures: number, extra: Partial<ToolDefinitionInput> = {}) => {
    let calls = 0;
    const resolved = tool(
      'flaky',
      () => {
        calls++;
        if (calls <= failures) {
          throw Object.assign(new Error('temporarily down'), { name: 'Unavailable' });
        }
        return calls;
      },
      extra,
    );
    return { resolved, calls: () => calls };
  };

  it('does not retry errors that are not retryable', async () => {
    const { resolved, calls } = flaky(1);
    const { engine } = setup([resolved], { retry: { maxRetries: 3, baseDelayMs: 1 } });
    const result = await engine.execute({ tool: 'flaky' });
    expect(result.status).toBe('failure');
    expect(calls()).toBe(1);
  });

  it('retries retryable errors with backoff, and emits retry events', async () => {
    const { ArsenalError } = await import('../errors/arsenal-error.js');
    let calls = 0;
    const resolved = tool('flaky', () => {
      calls++;
      if (calls < 3)
        throw new ArsenalError('upstream_unavailable', 'try later', { retryable: true });
      return 'ok';
    });
    const { engine, telemetry } = setup([resolved], { retry: { baseDelayMs: 1, jitter: false } });
    const result = await engine.execute({ tool: 'flaky', retries: 3 });
    expect(result).toMatchObject({ status: 'success', result: 'ok', attempt: 3 });
    expect(telemetry.events('execution.retry').map((event) => event.attempt)).toEqual([2, 3]);
  });

  it('never retries non-idempotent tools', async () => {
    const { ArsenalError } = await import('../errors/arsenal-error.js');
    let calls = 0;
    const failing = () => {
      calls++;
      throw new ArsenalError('upstream_unavailable', 'try later', { retryable: true });
    };
    const { engine } = setup(
      [
        tool('write_row', failing, { capabilities: ['write_data'] }),
        tool('send_once', failing, { annotations: { idempotentHint: false } }),
        tool('put_value', failing, {
          capabilities: ['write_data'],
          annotations: { idempotentHint: true },
        }),
      ],
      { retry: { baseDelayMs: 1 } },
    );
    await engine.execute({ tool: 'write_row', retries: 3 });
    expect(calls).toBe(1);
    await engine.execute({ tool: 'send_once', retries: 3 });
    expect(calls).toBe(2);
    await engine.execute({ tool: 'put_value', retries: 2 });
    expect(calls).toBe(5);
  });
});
