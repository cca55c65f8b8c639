import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArsenalError } from '../errors/index.js';
import type { Executor, ToolCallContext } from '../ports/executor.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import { DeadlineTimer } from './deadline-timer.js';
import { type AttemptRequest, runAttempt } from './run-attempt.js';

const definition = createToolDefinition({
  name: 'remote_call',
  description: 'A remote call the attempt tests run through an executor that waits.',
  parametersSchema: { type: 'object', properties: {} },
});

/** An executor that hands each call's context to the test and answers when told. */
function waitingExecutor() {
  const calls: { context: ToolCallContext; answer: (value: unknown) => void }[] = [];
  const executor: Executor = {
    kind: 'waiting',
    canExecute: () => true,
    execute: ({ context }) =>
      new Promise((resolve) => {
        calls.push({ context, answer: resolve });
      }),
  };
  return { executor, calls };
}

function request(executor: Executor, overrides: Partial<AttemptRequest> = {}): AttemptRequest {
  return {
    executor,
    tool: definition,
    arguments: {},
    callId: 'call_1',
    traceId: 'trace',
    spanId: 'span',
    principal: undefined,
    timeoutMs: 1_000,
    signal: undefined,
    onProgress: undefined,
    onLog: undefined,
    deadlines: new DeadlineTimer(),
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('context.onAbort', () => {
  it('tells the executor of the timeout, with the timeout error, and the attempt times out', async () => {
    vi.useFakeTimers();
    const { executor, calls } = waitingExecutor();
    const attempt = runAttempt(request(executor, { timeoutMs: 50 }));
    const reasons: unknown[] = [];
    calls[0]!.context.onAbort!((reason) => reasons.push(reason));
    await vi.advanceTimersByTimeAsync(50);
    expect(await attempt).toMatchObject({ ok: false, status: 'timeout' });
    expect(reasons).toHaveLength(1);
    expect(ArsenalError.isInstance(reasons[0])).toBe(true);
    expect((reasons[0] as ArsenalError).code).toBe('timeout');
  });

  it("tells the executor when the caller aborts, with the caller's reason", async () => {
    const { executor, calls } = waitingExecutor();
    const caller = new AbortController();
    const attempt = runAttempt(request(executor, { signal: caller.signal }));
    const reasons: unknown[] = [];
    calls[0]!.context.onAbort!((reason) => reasons.push(reason));
    const why = new Error('user pressed stop');
    caller.abort(why);
    expect(await attempt).toMatchObject({ ok: false, status: 'cancelled' });
    expect(reasons).toEqual([why]);
  });

  it('runs a listener at once when the attempt was already aborted, and the signal agrees', async () => {
    const { executor, calls } = waitingExecutor();
    const caller = new AbortController();
    void runAttempt(request(executor, { signal: caller.signal }));
    caller.abort(new Error('gone'));
    const context = calls[0]!.context;
    const reasons: unknown[] = [];
    const unwatch = context.onAbort!((reason) => reasons.push(reason));
    expect(reasons).toHaveLength(1);
    expect(() => unwatch()).not.toThrow();
    expect(context.signal.aborted).toBe(true);
    expect(context.signal.reason).toBe(reasons[0]);
  });

  it('a removed listener is not told, and one that throws does not keep the others from it', async () => {
    const { executor, calls } = waitingExecutor();
    const caller = new AbortController();
    const attempt = runAttempt(request(executor, { signal: caller.signal }));
    const context = calls[0]!.context;
    const told: string[] = [];
    const unwatch = context.onAbort!(() => told.push('removed'));
    context.onAbort!(() => {
      throw new Error('broken listener');
    });
    context.onAbort!(() => told.push('kept'));
    unwatch();
    caller.abort();
    expect(await attempt).toMatchObject({ status: 'cancelled' });
    expect(told).toEqual(['kept']);
  });

  it('is never called for an attempt that ended with an answer', async () => {
    vi.useFakeTimers();
    const { executor, calls } = waitingExecutor();
    const caller = new AbortController();
    const attempt = runAttempt(request(executor, { signal: caller.signal, timeoutMs: 50 }));
    const listener = vi.fn();
    calls[0]!.context.onAbort!(listener);
    calls[0]!.answer({ ok: 1 });
    expect(await attempt).toEqual({ ok: true, value: { ok: 1 } });
    caller.abort();
    await vi.advanceTimersByTimeAsync(100);
    expect(listener).not.toHaveBeenCalled();
  });
});
