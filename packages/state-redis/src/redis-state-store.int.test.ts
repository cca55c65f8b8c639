import { ArsenalError } from '@arsenal/core';
import {
  describeStateStoreConformance,
  findRedisServer,
  type RedisServerProcess,
  startRedisServer,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStateStore } from './redis-state-store.js';

const binary = findRedisServer();
if (!binary) {
  console.warn(
    'Skipping RedisStateStore tests: redis-server is not installed (apt-get install -y redis-server).',
  );
}

describe.skipIf(!binary)('RedisStateStore against a real redis-server', () => {
  let redis: RedisServerProcess;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  describeStateStoreConformance({
    name: 'RedisStateStore',
    create: () => createRedisStateStore({ url: redis.url }),
  });

  describeStateStoreConformance({
    name: 'RedisStateStore with a namespace',
    create: () => createRedisStateStore({ url: redis.url, namespace: 'tenant-a:' }),
  });

  it('keeps namespaces apart and treats glob characters in a prefix literally', async () => {
    const a = createRedisStateStore({ url: redis.url, namespace: 'ns-a:' });
    const b = createRedisStateStore({ url: redis.url, namespace: 'ns-b:' });
    try {
      await a.set('k*1', 1);
      await a.set('kx1', 2);
      await b.set('k*2', 3);
      expect(await a.keys('k*')).toEqual(['k*1']);
      expect(await b.keys('k')).toEqual(['k*2']);
      expect(await b.get('k*1')).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('shares a token bucket between clients (as replicas would)', async () => {
    const stores = Array.from({ length: 3 }, () => createRedisStateStore({ url: redis.url }));
    try {
      const key = `shared-bucket:${globalThis.crypto.randomUUID()}`;
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          stores[index % 3]!.takeTokens(key, { capacity: 25, refillPerSecond: 0.001, now: 10_000 }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(25);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('increments by fractions and keeps a TTL given on creation', async () => {
    const store = createRedisStateStore({ url: redis.url });
    try {
      const key = `fraction:${globalThis.crypto.randomUUID()}`;
      expect(await store.increment(key, 1.5, { ttlMs: 60_000 })).toBe(1.5);
      expect(await store.increment(key, 2)).toBe(3.5);
      await store.set(`${key}:text`, 'not a number');
      expect(await store.increment(`${key}:text`)).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('rejects bad options and arguments with typed errors that say what to fix', async () => {
    expect(() => createRedisStateStore({ url: 'http://localhost:6379' })).toThrow(/redis:\/\//);
    expect(() => createRedisStateStore({ url: redis.url, commandTimeoutMs: -1 })).toThrow(
      /commandTimeoutMs must be a positive number/,
    );
    const store = createRedisStateStore({ url: redis.url });
    try {
      await expect(store.increment('x', Number.NaN)).rejects.toThrow(/finite number/);
      await expect(
        store.takeTokens('x', { capacity: -1, refillPerSecond: 1 }),
      ).rejects.toMatchObject({ code: 'invalid_argument' });
    } finally {
      await store.close();
    }
  });

  it('fails fast with a retryable StateStoreError while Redis is down, and recovers when it returns', async () => {
    const own = await startRedisServer();
    const store = createRedisStateStore({ url: own.url });
    try {
      await store.set('before', 1);
      await own.stop();
      const failure = await store.get('before').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(ArsenalError.isInstance(failure)).toBe(true);
      expect(failure).toMatchObject({ code: 'state_store_error', retryable: true });
      expect((failure as Error).message).toMatch(/Check that the server runs/);
      await own.start();
      // The client reconnects by itself; the restarted server is empty (no persistence).
      let value: unknown = 'unreachable';
      for (let attempt = 0; attempt < 400 && value === 'unreachable'; attempt++) {
        value = await store.get('before').catch(() => 'unreachable');
        if (value === 'unreachable') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(value).toBeUndefined();
      await store.set('after', 2);
      expect(await store.get('after')).toBe(2);
    } finally {
      await store.close();
      await own.stop();
    }
  });

  it('never shows a password from the URL in its errors', async () => {
    const own = await startRedisServer();
    await own.stop();
    const store = createRedisStateStore({
      url: `redis://admin:s3cret-pass@127.0.0.1:${own.port}`,
      connectTimeoutMs: 500,
    });
    try {
      const failure = (await store.get('k').catch((error: unknown) => error)) as Error;
      expect(failure.message).toContain('***');
      expect(failure.message).not.toContain('s3cret-pass');
    } finally {
      await store.close();
    }
  });

  it('refuses to work after close()', async () => {
    const store = createRedisStateStore({ url: redis.url });
    await store.close();
    await expect(store.get('k')).rejects.toThrow(/after close\(\)/);
  });
});
