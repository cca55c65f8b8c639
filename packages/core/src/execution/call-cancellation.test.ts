import { describe, expect, it, vi } from 'vitest';
import { ArsenalError } from '../errors/arsenal-error.js';
import { callAbortSignal, watchCallAbort } from './call-abort.js';
import { setup, tool } from './engine-test-support.js';
import type { CallCancellation } from './types.js';

/** A cancellation as a server keeps one per request, counting who listens. */
class TestCancellation implements CallCancellation {
  aborted = false;
  reason: unknown;
  readonly listeners = new Set<(reason: unknown) => void>();

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of [...this.listeners]) listener(reason);
    this.listeners.clear();
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.aborted) {
      listener(this.reason);
      return () => {};
    }
    const once = (reason: unknown) => listener(reason);
    this.listeners.add(once);
    return () => this.listeners.delete(once);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ToolCall.cancellation', () => {
  it('cancels a running call and aborts what the tool watches, with no signal made', async () => {
    const cancellation = new TestCancellation();
    const heard: unknown[] = [];
    const { engine, history } = setup([
      tool('slow', (_args, context) => {
        context.onAbort?.((reason) => heard.push(reason));
        return new Promise(() => {});
      }),
    ]);
    const pending = engine.execute({ tool: 'slow', cancellation });
    await tick();
    expect(cancellation.listeners.size).toBe(1);
    cancellation.abort(new Error('client went away'));
    const result = await pending;
    expect(result.status).toBe('cancelled');
    expect(result.error?.code).toBe('cancelled');
    expect(heard).toHaveLength(1);
    expect(cancellation.listeners.size).toBe(0);
    expect((await history.query())[0]).toMatchObject({ status: 'cancelled' });
  });

  it("aborts the tool's context.signal when the tool reads it", async () => {
    const cancellation = new TestCancellation();
    let signal: AbortSignal | undefined;
    const { engine } = setup([
      tool('slow', (_args, context) => {
        signal = context.signal;
        return new Promise(() => {});
      }),
    ]);
    const pending = engine.execute({ tool: 'slow', cancellation });
    await tick();
    cancellation.abort('stop');
    expect((await pending).status).toBe('cancelled');
    expect(signal?.aborted).toBe(true);
  });

  it('answers a call cancelled before it starts without running it', async () => {
    const cancellation = new TestCancellation();
    cancellation.abort('too late');
    const handler = vi.fn(() => 1);
    const { engine } = setup([tool('quick', handler)]);
    const result = await engine.execute({ tool: 'quick', cancellation });
    expect(result.status).toBe('cancelled');
    expect(result.attempt).toBe(0);
    expect(handler).not.toHaveBeenCalled();
  });

  it('stops listening once the call ends, answered or failed', async () => {
    const cancellation = new TestCancellation();
    const { engine } = setup([
      tool('quick', () => 1),
      tool('later', async () => 2),
      tool('boom', () => {
        throw new Error('x');
      }),
    ]);
    for (const name of ['quick', 'later', 'boom']) {
      await engine.execute({ tool: name, cancellation });
      expect(cancellation.listeners.size).toBe(0);
    }
  });

  it('still times out a call that has a cancellation', async () => {
    vi.useFakeTimers();
    try {
      const cancellation = new TestCancellation();
      const { engine } = setup([tool('stuck', () => new Promise(() => {}))]);
      const pending = engine.execute({ tool: 'stuck', cancellation, timeoutMs: 50 });
      await vi.advanceTimersByTimeAsync(60);
      const result = await pending;
      expect(result.status).toBe('timeout');
      expect(cancellation.listeners.size).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels either way when the call has a signal too', async () => {
    const controller = new AbortController();
    const cancellation = new TestCancellation();
    const { engine } = setup([tool('slow', () => new Promise(() => {}))]);
    const bySignal = engine.execute({ tool: 'slow', signal: controller.signal, cancellation });
    await tick();
    controller.abort();
    expect((await bySignal).status).toBe('cancelled');
    expect(cancellation.listeners.size).toBe(0);
    const other = new TestCancellation();
    const byCancellation = engine.execute({
      tool: 'slow',
      signal: new AbortController().signal,
      cancellation: other,
    });
    await tick();
    other.abort('stop');
    expect((await byCancellation).status).toBe('cancelled');
  });

  it('gives up a wait for a concurrency slot', async () => {
    const release: Array<() => void> = [];
    const { engine } = setup(
      [tool('slow', () => new Promise((resolve) => release.push(() => resolve(1))))],
      { concurrency: { maxConcurrentPerTool: 1, maxQueuedPerTool: 1 } },
    );
    const first = engine.execute({ tool: 'slow' });
    const cancellation = new TestCancellation();
    const waiting = engine.execute({ tool: 'slow', cancellation });
    await tick();
    expect(release).toHaveLength(1);
    cancellation.abort('no longer wanted');
    expect((await waiting).status).toBe('rate_limited');
    expect(cancellation.listeners.size).toBe(0);
    release[0]!();
    expect((await first).status).toBe('success');
    // The slot is free again: the next call runs at once.
    const next = engine.execute({ tool: 'slow' });
    await tick();
    release[1]!();
    expect((await next).status).toBe('success');
  });

  it('ends the wait between retries', async () => {
    let runs = 0;
    const { engine } = setup(
      [
        tool('flaky', () => {
          runs++;
          throw new ArsenalError('upstream_unavailable', 'try later', { retryable: true });
        }),
      ],
      { retry: { baseDelayMs: 10_000, jitter: false } },
    );
    const cancellation = new TestCancellation();
    const pending = engine.execute({ tool: 'flaky', cancellation, retries: 3 });
    await tick();
    cancellation.abort('stop');
    const result = await pending;
    expect(result.status).toBe('cancelled');
    expect(cancellation.listeners.size).toBe(0);
    expect(runs).toBe(1);
  });

  it('cancels an invocation', async () => {
    const cancellation = new TestCancellation();
    const { engine } = setup([tool('slow', () => new Promise(() => {}))]);
    const id = engine.invoke({ tool: 'slow', cancellation });
    await tick();
    cancellation.abort('stop');
    const result = await engine.result(id);
    expect(result.status).toBe('cancelled');
  });
});

describe('watchCallAbort', () => {
  it('tells a listener once, whichever source aborts, and stops listening to the other', () => {
    const controller = new AbortController();
    const cancellation = new TestCancellation();
    const listener = vi.fn();
    watchCallAbort({ signal: controller.signal, cancellation }, listener);
    cancellation.abort('first');
    controller.abort('second');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('first');
    expect(cancellation.listeners.size).toBe(0);
  });

  it('tells at once when a source has already aborted, and removes nothing twice', () => {
    const controller = new AbortController();
    controller.abort('done');
    const cancellation = new TestCancellation();
    const listener = vi.fn();
    const stop = watchCallAbort({ signal: controller.signal, cancellation }, listener);
    expect(listener).toHaveBeenCalledWith('done');
    expect(cancellation.listeners.size).toBe(0);
    stop();
  });

  it('makes a signal of a cancellation only for what needs one', () => {
    const controller = new AbortController();
    expect(callAbortSignal({ signal: controller.signal })).toBe(controller.signal);
    expect(callAbortSignal({})).toBeUndefined();
    const cancellation = new TestCancellation();
    const signal = callAbortSignal({ cancellation });
    expect(signal?.aborted).toBe(false);
    cancellation.abort('why');
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe('why');
  });
});
