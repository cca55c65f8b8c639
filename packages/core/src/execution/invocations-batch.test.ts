import { describe, expect, it } from 'vitest';
import { setup, tool } from './engine-test-support.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('invocations', () => {
  it('returns an id at once, reports progress and waits for the result', async () => {
    let finish: (value: string) => void = () => {};
    const { engine, telemetry } = setup([
      tool(
        'long_job',
        (_args, context) => {
          context.reportProgress({
            progress: 1,
            total: 4,
            message: 'a quarter',
            partial: ['row1'],
          });
          return new Promise((resolve) => {
            finish = resolve;
          });
        },
        { cost: { estimatedLatencyMs: 5000 } },
      ),
    ]);
    const id = engine.invoke({ tool: 'long_job' });
    expect(id).toMatch(/^inv_/);
    expect(engine.status(id)?.state).toBe('pending');
    await tick();
    const running = engine.status(id);
    expect(running).toMatchObject({ state: 'running', progress: 0.25, message: 'a quarter' });
    expect(running?.estimatedCompletionAt).toBeDefined();
    finish('all done');
    const result = await engine.result(id);
    expect(result).toMatchObject({ status: 'success', result: 'all done' });
    expect(engine.status(id)).toMatchObject({ state: 'completed', progress: 1 });
    expect(telemetry.events('invocation.changed').map((event) => event.state)).toEqual([
      'running',
      'completed',
    ]);
  });

  it('cancels a running invocation through its signal', async () => {
    let signal: AbortSignal | undefined;
    const { engine } = setup([
      tool('forever', (_args, context) => {
        signal = context.signal;
        return new Promise(() => {});
      }),
    ]);
    const id = engine.invoke({ tool: 'forever' });
    await tick();
    expect(engine.cancel(id)).toBe(true);
    const result = await engine.result(id);
    expect(result.status).toBe('cancelled');
    expect(signal?.aborted).toBe(true);
    expect(engine.status(id)?.state).toBe('cancelled');
    expect(engine.cancel(id)).toBe(false);
  });

  it('marks failed invocations failed', async () => {
    const { engine } = setup([tool('broken', () => Promise.reject(new Error('no')))]);
    const id = engine.invoke({ tool: 'broken' });
    expect((await engine.result(id)).status).toBe('failure');
    expect(engine.status(id)?.state).toBe('failed');
  });

  it('streams partial results until the invocation ends', async () => {
    const { engine } = setup([
      tool('stream_rows', async (_args, context) => {
        for (const row of ['a', 'b', 'c']) {
          await tick();
          context.reportProgress({ partial: row });
        }
        return 'rows';
      }),
    ]);
    const id = engine.invoke({ tool: 'stream_rows' });
    const partials: unknown[] = [];
    for await (const update of engine.stream(id)) if (update.partial) partials.push(update.partial);
    expect(partials).toEqual(['a', 'b', 'c']);
    expect((await engine.result(id)).result).toBe('rows');
  });

  it('drops finished invocations after the retention time', async () => {
    let now = 0;
    const { engine } = setup([tool('quick', () => 1)], {
      clock: { now: () => now },
      invocationRetentionMs: 1000,
    });
    const id = engine.invoke({ tool: 'quick' });
    await engine.result(id);
    now += 999;
    expect(engine.status(id)).toBeDefined();
    now += 2;
    expect(engine.status(id)).toBeUndefined();
    const missing = await engine.result(id);
    expect(missing.status).toBe('not_found');
    expect(missing.error?.code).toBe('invocation_not_found');
  });
});

describe('batches', () => {
  const counter = () => {
    const seen: unknown[] = [];
    return {
      seen,
      resolved: tool(
        'record',
        (args) => {
          seen.push(args.n);
          return args.n;
        },
        { parametersSchema: { type: 'object' } },
      ),
    };
  };

  it('keeps input order, de-duplicates identical calls and caps the calls per round', async () => {
    const { seen, resolved } = counter();
    const { engine } = setup([resolved]);
    const batch = await engine.executeBatch({
      calls: [
        { tool: 'record', arguments: { n: 1 } },
        { tool: 'record', arguments: { n: 2 } },
        { tool: 'record', arguments: { n: 1 } },
        { tool: 'record', arguments: { n: 3 } },
        { tool: 'record', arguments: { n: 4 } },
      ],
      strategy: 'parallel',
      maxCalls: 3,
    });
    expect(batch.results.map((result) => result.result ?? result.error?.code)).toEqual([
      1,
      2,
      1,
      3,
      'call_limit_exceeded',
    ]);
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect(batch).toMatchObject({
      deduplicatedCount: 1,
      overLimitCount: 1,
      successCount: 4,
      failureCount: 1,
    });
    expect(batch.results[4]?.error?.message).toContain('allows 3 distinct calls');
  });

  it('runs sequentially in order and stops at the first failure with failFast', async () => {
    const order: string[] = [];
    const { engine } = setup([
      tool(
        'step',
        (args) => {
          order.push(String(args.name));
          if (args.name === 'bad') throw new Error('stop');
          return args.name;
        },
        { parametersSchema: { type: 'object' } },
      ),
    ]);
    const batch = await engine.executeBatch({
      calls: ['one', 'bad', 'three'].map((name) => ({ tool: 'step', arguments: { name } })),
      strategy: 'sequential',
      failFast: true,
    });
    expect(order).toEqual(['one', 'bad']);
    expect(batch.results.map((result) => result.status)).toEqual([
      'success',
      'failure',
      'cancelled',
    ]);
    expect(batch.results[2]?.error?.code).toBe('skipped_after_failure');
  });

  it('cancels the calls still running in parallel with failFast', async () => {
    const { engine } = setup([
      tool('hang', () => new Promise(() => {})),
      tool('fail_now', () => Promise.reject(new Error('x'))),
    ]);
    const batch = await engine.executeBatch({
      calls: [{ tool: 'hang' }, { tool: 'fail_now' }],
      strategy: 'parallel',
      failFast: true,
    });
    expect(batch.results.map((result) => result.status)).toEqual(['cancelled', 'failure']);
  });

  it('adaptive: runs writes one by one in order, reads alongside', async () => {
    const order: string[] = [];
    const { engine } = setup([
      tool(
        'write_item',
        async (args) => {
          await tick();
          order.push(`w${args.n}`);
          return 1;
        },
        { capabilities: ['write_data'], parametersSchema: { type: 'object' } },
      ),
      tool(
        'read_item',
        async (args) => {
          order.push(`r${args.n}`);
          return 1;
        },
        { parametersSchema: { type: 'object' } },
      ),
    ]);
    const batch = await engine.executeBatch({
      calls: [
        { tool: 'write_item', arguments: { n: 1 } },
        { tool: 'read_item', arguments: { n: 1 } },
        { tool: 'write_item', arguments: { n: 2 } },
      ],
    });
    expect(batch.successCount).toBe(3);
    expect(order.filter((entry) => entry.startsWith('w'))).toEqual(['w1', 'w2']);
  });

  it('reports hand-off tools and refuses tools outside the request tool set', async () => {
    const { engine } = setup([
      tool('deep_research', () => 'report', { metadata: { takesControl: true } }),
      tool('read_value', () => 1),
    ]);
    const batch = await engine.executeBatch({
      calls: [{ tool: 'read_value' }, { tool: 'deep_research' }],
      allowedTools: ['deep_research'],
    });
    expect(batch.handOff).toEqual([{ index: 1, tool: 'deep_research' }]);
    expect(batch.results.map((result) => result.status)).toEqual(['permission_denied', 'success']);
  });

  it('answers an empty batch', async () => {
    const { engine } = setup([]);
    expect((await engine.executeBatch({ calls: [] })).results).toEqual([]);
  });
});
