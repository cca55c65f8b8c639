import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeadlineTimer, type Expiring } from './deadline-timer.js';
import { setup, tool } from './engine-test-support.js';

function entry(deadline: number, onExpire: () => void = () => {}) {
  const expired = vi.fn(onExpire);
  const waiting: Expiring = { deadline, expire: expired };
  return { waiting, expired };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DeadlineTimer', () => {
  it('expires an entry at its deadline and not before', async () => {
    vi.useFakeTimers();
    const deadlines = new DeadlineTimer();
    const { waiting, expired } = entry(performance.now() + 100);
    deadlines.add(waiting);
    await vi.advanceTimersByTimeAsync(99);
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(deadlines.size).toBe(0);
    // Nothing waits: no timer is left armed.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('expires each entry at its own deadline, whatever order they came in', async () => {
    vi.useFakeTimers();
    const deadlines = new DeadlineTimer();
    const start = performance.now();
    const late = entry(start + 300);
    const early = entry(start + 100);
    const middle = entry(start + 200);
    deadlines.add(late.waiting);
    deadlines.add(early.waiting);
    deadlines.add(middle.waiting);
    await vi.advanceTimersByTimeAsync(100);
    expect([early, middle, late].map((one) => one.expired.mock.calls.length)).toEqual([1, 0, 0]);
    await vi.advanceTimersByTimeAsync(100);
    expect([early, middle, late].map((one) => one.expired.mock.calls.length)).toEqual([1, 1, 0]);
    await vi.advanceTimersByTimeAsync(100);
    expect([early, middle, late].map((one) => one.expired.mock.calls.length)).toEqual([1, 1, 1]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never expires an entry deleted before its deadline; the timer, once fired, is not re-armed', async () => {
    vi.useFakeTimers();
    const deadlines = new DeadlineTimer();
    const ended = entry(performance.now() + 100);
    deadlines.add(ended.waiting);
    deadlines.delete(ended.waiting);
    expect(deadlines.size).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(ended.expired).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps waiting for a later deadline when the timer fires for an entry that ended', async () => {
    vi.useFakeTimers();
    const deadlines = new DeadlineTimer();
    const start = performance.now();
    const ended = entry(start + 100);
    const waiting = entry(start + 250);
    deadlines.add(ended.waiting);
    deadlines.add(waiting.waiting);
    deadlines.delete(ended.waiting);
    await vi.advanceTimersByTimeAsync(100);
    expect(waiting.expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(150);
    expect(waiting.expired).toHaveBeenCalledTimes(1);
    expect(ended.expired).not.toHaveBeenCalled();
  });

  it('lets an expiry add and delete entries, and expires the rest when one throws', async () => {
    vi.useFakeTimers();
    const deadlines = new DeadlineTimer();
    const start = performance.now();
    const added = entry(start + 200);
    const failing = entry(start + 50, () => {
      deadlines.add(added.waiting);
      throw new Error('listener failed');
    });
    const other = entry(start + 50);
    deadlines.add(failing.waiting);
    deadlines.add(other.waiting);
    const errors: unknown[] = [];
    // The failure surfaces as a timer callback's would; fake timers report it to the caller.
    await vi.advanceTimersByTimeAsync(50).catch((error: unknown) => errors.push(error));
    expect(failing.expired).toHaveBeenCalledTimes(1);
    expect(other.expired).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([new Error('listener failed')]);
    expect(deadlines.size).toBe(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(added.expired).toHaveBeenCalledTimes(1);
  });

  it('waits past the longest delay a timer takes instead of firing at once', async () => {
    vi.useFakeTimers();
    const deadlines = new DeadlineTimer();
    const far = entry(performance.now() + 2 ** 31 + 1000);
    deadlines.add(far.waiting);
    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    expect(far.expired).not.toHaveBeenCalled();
    expect(deadlines.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1001);
    expect(far.expired).toHaveBeenCalledTimes(1);
  });

  it('keeps the process alive only while an entry waits (real timers)', () => {
    const deadlines = new DeadlineTimer();
    const before = referencedTimers();
    const first = entry(performance.now() + 60_000);
    deadlines.add(first.waiting);
    expect(referencedTimers()).toBe(before + 1);
    deadlines.delete(first.waiting);
    // Still armed, but it no longer holds the process open.
    expect(referencedTimers()).toBe(before);
    const second = entry(performance.now() + 120_000);
    deadlines.add(second.waiting);
    expect(referencedTimers()).toBe(before + 1);
    deadlines.delete(second.waiting);
    expect(referencedTimers()).toBe(before);
  });
});

describe('engine timeouts on the shared deadline timer', () => {
  it('times out overlapping calls each at its own timeout, and answers the others', async () => {
    vi.useFakeTimers();
    const { engine } = setup([
      tool('hangs', () => new Promise(() => {})),
      tool('later', () => new Promise((resolve) => setTimeout(() => resolve('done'), 150))),
    ]);
    const slow = engine.execute({ tool: 'hangs', timeoutMs: 300 });
    const fast = engine.execute({ tool: 'hangs', timeoutMs: 100 });
    const answered = engine.execute({ tool: 'later', timeoutMs: 200 });
    const settled: string[] = [];
    void slow.then(() => settled.push('slow'));
    void fast.then(() => settled.push('fast'));
    void answered.then(() => settled.push('answered'));
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual(['fast']);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toEqual(['fast', 'answered', 'slow']);
    expect((await fast).status).toBe('timeout');
    expect((await answered).status).toBe('success');
    expect((await slow).status).toBe('timeout');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds the process open while a call runs, and not after it answered (real timers)', async () => {
    let release!: () => void;
    const { engine } = setup([
      tool('waits', () => new Promise<string>((resolve) => (release = () => resolve('ok')))),
    ]);
    const before = referencedTimers();
    const pending = engine.execute({ tool: 'waits', timeoutMs: 60_000 });
    await Promise.resolve();
    expect(referencedTimers()).toBe(before + 1);
    release();
    expect((await pending).status).toBe('success');
    expect(referencedTimers()).toBe(before);
  });
});

/** Timers keeping the event loop alive: Node lists each referenced timer as one 'Timeout'. */
function referencedTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}
