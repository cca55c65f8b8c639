import {
  findRedisServer,
  freePort,
  type RedisServerProcess,
  startRedisServer,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

const binary = findRedisServer();
if (!binary) {
  console.warn(
    'Skipping state: tests: redis-server is not installed (apt-get install -y redis-server).',
  );
}

const config = (url: string, extra: string[] = []) =>
  parseConfig(
    [
      'state:',
      "  use: '@arsenal/state-redis'",
      '  options:',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: arsenal.yaml substitutes ${VAR}
      '    url: ${REDIS_URL}',
      ...extra,
      'execution:',
      '  rateLimits:',
      '    tools:',
      '      echo: { capacity: 4, refillPerSecond: 0.001 }',
      'tools:',
      '  inline:',
      '    - name: echo',
      '      description: Echo the text it is given, to check that calls go through.',
      '      parametersSchema: { type: object, properties: { text: { type: string } } }',
    ].join('\n'),
    { env: { REDIS_URL: url } },
  );

const handlers = { echo: (args: Record<string, unknown>) => args };

describe.skipIf(!binary)('state: in arsenal.yaml', () => {
  let redis: RedisServerProcess;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('loads @arsenal/state-redis, and two instances of one config share a rate limit', async () => {
    const one = await createArsenalFromConfig(config(redis.url, ['  replicaId: one']), {
      handlers,
    });
    const two = await createArsenalFromConfig(config(redis.url, ['  replicaId: two']), {
      handlers,
    });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const arsenal = i % 2 === 0 ? one.arsenal : two.arsenal;
        statuses.push((await arsenal.execute({ tool: 'echo', arguments: { text: 'hi' } })).status);
      }
      expect(statuses.filter((status) => status === 'success')).toHaveLength(4);
      expect(statuses.filter((status) => status === 'rate_limited')).toHaveLength(2);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('keeps the password of a Redis URL out of its errors, and rejects a bad replicaId', async () => {
    const port = await freePort();
    const bad = await createArsenalFromConfig(config(`http://admin:pa55word@127.0.0.1:${port}`), {
      handlers,
    }).catch((error: unknown) => error as Error);
    expect(bad).toBeInstanceOf(Error);
    expect((bad as Error).message).toMatch(/^state: .*not a Redis URL/);
    expect((bad as Error).message).not.toContain('pa55word');
    expect(() => config(redis.url, ['  replicaId: "a:b"'])).toThrow(/state\.replicaId/);
  });

  it('a Redis that is down refuses rate-limited calls instead of crashing, and serves again once back', async () => {
    const own = await startRedisServer();
    const warnings: string[] = [];
    const { arsenal, close } = await createArsenalFromConfig(config(own.url), {
      handlers,
      onWarning: (message) => warnings.push(message),
    });
    try {
      expect((await arsenal.execute({ tool: 'echo', arguments: {} })).status).toBe('success');
      await own.stop();
      const refused = await arsenal.execute({ tool: 'echo', arguments: {} });
      expect(refused.status).toBe('rate_limited');
      expect(refused.error?.message).toMatch(/fail closed/);
      await own.start();
      let status = refused.status;
      for (let attempt = 0; attempt < 400 && status !== 'success'; attempt++) {
        status = (await arsenal.execute({ tool: 'echo', arguments: {} })).status;
        if (status !== 'success') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe('success');
      expect(warnings.filter((warning) => /unavailable/.test(warning))).toHaveLength(1);
      expect(warnings.at(-1)).toMatch(/answers again/);
    } finally {
      await close();
      await own.stop();
    }
  });
});
