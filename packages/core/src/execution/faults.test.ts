import { afterEach, describe, expect, it, vi } from 'vitest';
import { setup, tool } from './engine-test-support.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('faults under load', () => {
  it('answers 10,000 concurrent calls with 10% failing and 1% hanging, leaking nothing', async () => {
    vi.useFakeTimers();
    const { engine, history } = setup(
      [
        tool(
          'mixed',
          (args) => {
            const n = args.n as number;
            if (n % 100 === 0) return new Promise(() => {});
            if (n % 10 === 0)
              throw n % 20 === 0 ? `string failure ${n}` : new Error(`failure ${n}`);
            return n % 2 === 0 ? n : Promise.resolve(n);
          },
          {
            parametersSchema: {
              type: 'object',
              properties: { n: { type: 'integer' } },
              required: ['n'],
            },
          },
        ),
      ],
      { defaultTimeoutMs: 1000, breaker: { failureThreshold: 1_000_000 } },
    );
    const controller = new AbortController();
    const calls = Array.from({ length: 10_000 }, (_, n) =>
      engine.execute({ tool: 'mixed', arguments: { n }, signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    const results = await Promise.all(calls);
    const counts: Record<string, number> = {};
    for (const result of results) counts[result.status] = (counts[result.status] ?? 0) + 1;
    expect(counts).toEqual({ success: 9000, failure: 900, timeout: 100 });
    expect(results.every((result, n) => result.status !== 'success' || result.result === n)).toBe(
      true,
    );
    expect(await history.count()).toBe(10_000);
    expect(new Set(results.map((result) => result.callId)).size).toBe(10_000);
    expect(vi.getTimerCount()).toBe(0);
    // Every listener the engine added to the caller's signal was removed again.
    const added = vi.fn();
    controller.signal.addEventListener('abort', added);
    controller.abort();
    expect(added).toHaveBeenCalledTimes(1);
    expect(engine.health('mixed')).toMatchObject({ totalCalls: 10_000, failureCount: 1000 });
  }, 120_000);

  it('removes its abort listeners from the caller signal', async () => {
    const { engine } = setup([
      tool('quick', () => 1),
      tool('boom', () => {
        throw new Error('x');
      }),
    ]);
    const controller = new AbortController();
    let listeners = 0;
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
      listeners++;
      add(...args);
    }) as AbortSignal['addEventListener'];
    signal.removeEventListener = ((...args: Parameters<AbortSignal['removeEventListener']>) => {
      listeners--;
      remove(...args);
    }) as AbortSignal['removeEventListener'];
    for (let i = 0; i < 50; i++) {
      await engine.execute({ tool: i % 2 ? 'quick' : 'boom', signal });
    }
    expect(listeners).toBe(0);
  });
});
