import { describe, expect, it } from 'vitest';
import { createInMemoryStateStore } from './in-memory-state-store.js';

describe('InMemoryStateStore', () => {
  it('expires values by its clock', async () => {
    let now = 1000;
    const store = createInMemoryStateStore({ now: () => now });
    await store.set('a', 1, { ttlMs: 100 });
    await store.increment('n', 1, { ttlMs: 100 });
    now += 99;
    expect(await store.get('a')).toBe(1);
    now += 1;
    expect(await store.get('a')).toBeUndefined();
    expect(await store.keys('')).toEqual([]);
  });

  it('refills a token bucket at its rate and never above capacity', async () => {
    let now = 0;
    const store = createInMemoryStateStore({ now: () => now });
    const take = () => store.takeTokens('b', { capacity: 3, refillPerSecond: 2 });
    expect((await take()).remaining).toBe(2);
    await take();
    await take();
    const refused = await take();
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: 500 });
    now += 10_000;
    expect((await take()).remaining).toBe(2);
  });

  it('refuses forever when a bucket never refills', async () => {
    const store = createInMemoryStateStore();
    await store.takeTokens('z', { capacity: 1, refillPerSecond: 0 });
    const refused = await store.takeTokens('z', { capacity: 1, refillPerSecond: 0 });
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBe(Number.POSITIVE_INFINITY);
  });
});
