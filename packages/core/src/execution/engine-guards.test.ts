import { describe, expect, it } from 'vitest';
import { createInMemoryTelemetry } from '../events/telemetry.js';
import { createExecutionEngine } from './engine.js';
import { setup, tool } from './engine-test-support.js';
import { createStaticToolResolver } from './static-resolver.js';

function fakeClock(start = Date.parse('2025-01-01T00:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const ok = () => tool('read_value', () => 'value', { capabilities: ['read_data'] });

describe('circuit breaker', () => {
  it('opens after N consecutive failures, half-opens after the cooldown, closes on success', async () => {
    const clock = fakeClock();
    let failing = true;
    const resolved = tool('unstable', () => {
      if (failing) throw new Error('down');
      return 'up';
    });
    const { engine, telemetry } = setup([resolved], {
      clock,
      breaker: { failureThreshold: 3, cooldownMs: 1000 },
    });
    for (let i = 0; i < 3; i++)
      expect((await engine.execute({ tool: 'unstable' })).status).toBe('failure');
    expect(engine.health('unstable').circuitState).toBe('open');
    const refused = await engine.execute({ tool: 'unstable' });
    expect(refused.status).toBe('circuit_open');
    expect(refused.error).toMatchObject({
      code: 'circuit_open',
      retryable: true,
      retryAfterMs: 1000,
    });
    expect(refused.attempt).toBe(0);

    clock.advance(1000);
    expect(engine.health('unstable').circuitState).toBe('half_open');
    // A failed probe opens it again.
    expect((await engine.execute({ tool: 'unstable' })).status).toBe('failure');
    expect(engine.health('unstable').circuitState).toBe('open');

    clock.advance(1000);
    failing = false;
    expect((await engine.execute({ tool: 'unstable' })).status).toBe('success');
    expect(engine.health('unstable').circuitState).toBe('closed');
    expect(telemetry.events('circuit.changed').map((event) => `${event.from}>${event.to}`)).toEqual(
      ['closed>open', 'open>half_open', 'half_open>open', 'open>half_open', 'half_open>closed'],
    );
  });

  it('lets only a limited number of probes through while half-open', async () => {
    const clock = fakeClock();
    const release: Array<() => void> = [];
    let failing = true;
    const resolved = tool('unstable', () => {
      if (failing) throw new Error('down');
      return new Promise((resolve) => release.push(() => resolve('up')));
    });
    const { engine } = setup([resolved], {
      clock,
      breaker: { failureThreshold: 1, cooldownMs: 10, halfOpenMaxCalls: 1 },
    });
    await engine.execute({ tool: 'unstable' });
    clock.advance(10);
    failing = false;
    const probe = engine.execute({ tool: 'unstable' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = await engine.execute({ tool: 'unstable' });
    expect(second.status).toBe('circuit_open');
    for (const resolve of release) resolve();
    expect((await probe).status).toBe('success');
  });

  it('does not count invalid arguments or denials as tool failures', async () => {
    const { engine } = setup(
      [tool('strict', () => 1, { parametersSchema: { type: 'object', required: ['x'] } })],
      {
        breaker: { failureThreshold: 1 },
      },
    );
    await engine.execute({ tool: 'strict', arguments: {} });
    expect(engine.health('strict')).toMatchObject({ circuitState: 'closed', totalCalls: 0 });
  });
});

describe('failures charged to their cause', () => {
  const alice = { id: 'alice' };
  const admin = { id: 'admin' };
  // A tool whose executor refuses what core's schema let through (as an argv renderer refuses a
  // value starting with "-"), and otherwise works.
  const strictTool = () =>
    tool('sort_file', async (args) => {
      const { InvalidArgumentError } = await import('../errors/index.js');
      if (String(args.name).startsWith('-'))
        throw new InvalidArgumentError(`parameter "name" starts with "-"`);
      return 'sorted';
    });

  it('five invalid calls by one principal leave the circuit closed for another', async () => {
    const { engine } = setup([strictTool()]);
    for (let i = 0; i < 5; i++) {
      const refused = await engine.execute({
        tool: 'sort_file',
        arguments: { name: '-o/tmp/x' },
        principal: alice,
      });
      expect(refused.status).toBe('failure');
      expect(refused.error?.code).toBe('invalid_argument');
    }
    expect(engine.health('sort_file')).toMatchObject({ circuitState: 'closed', totalCalls: 0 });
    const valid = await engine.execute({
      tool: 'sort_file',
      arguments: { name: 'data' },
      principal: admin,
    });
    expect(valid.status).toBe('success');
  });

  it('refusals by the tool and declined confirmations do not count either', async () => {
    const { ArsenalError, PermissionDeniedError } = await import('../errors/index.js');
    let next = 0;
    const failures = [
      () => new PermissionDeniedError('guarded', 'the upstream refused this principal'),
      () => new ArsenalError('confirmation_rejected', 'The user declined.'),
      () => Object.assign(new Error('bad input'), { code: 'validation_failed' }),
    ];
    const { engine } = setup(
      [
        tool('guarded', () => {
          throw failures[next++ % failures.length]!();
        }),
      ],
      { breaker: { failureThreshold: 1 } },
    );
    for (let i = 0; i < 3; i++)
      expect((await engine.execute({ tool: 'guarded' })).status).toBe('failure');
    expect(engine.health('guarded')).toMatchObject({ circuitState: 'closed', totalCalls: 0 });
  });

  it('a tool that is down still opens its circuit', async () => {
    const { engine } = setup(
      [
        tool('down', () => {
          throw new Error('connection refused');
        }),
      ],
      { breaker: { failureThreshold: 2 } },
    );
    await engine.execute({ tool: 'down', principal: alice });
    await engine.execute({ tool: 'down', principal: alice });
    expect((await engine.execute({ tool: 'down', principal: admin })).status).toBe('circuit_open');
  });

  it('with scope principal, one caller whose calls fail is refused alone', async () => {
    let failFor = 'alice';
    const { engine, telemetry } = setup(
      [
        tool('flaky', (_args, context) => {
          if (context.principal?.id === failFor) throw new Error('backend rejects this account');
          return 'ok';
        }),
      ],
      { breaker: { failureThreshold: 2, scope: 'principal' } },
    );
    await engine.execute({ tool: 'flaky', principal: alice });
    await engine.execute({ tool: 'flaky', principal: alice });
    expect((await engine.execute({ tool: 'flaky', principal: alice })).status).toBe('circuit_open');
    expect((await engine.execute({ tool: 'flaky', principal: admin })).status).toBe('success');
    // Health shows the open circuit; a reset closes every caller's.
    expect(engine.health('flaky').circuitState).toBe('open');
    expect(telemetry.events('circuit.changed')[0]?.tool).toContain('principal=alice');
    engine.resetCircuit('flaky');
    failFor = '';
    expect((await engine.execute({ tool: 'flaky', principal: alice })).status).toBe('success');
  });

  it('with scope tenant, callers of one tenant share a circuit, other tenants do not', async () => {
    const { engine } = setup(
      [
        tool('per_tenant', (_args, context) => {
          if (context.principal?.tenant === 'acme') throw new Error('acme quota exhausted');
          return 'ok';
        }),
      ],
      { breaker: { failureThreshold: 2, scope: 'tenant' } },
    );
    await engine.execute({ tool: 'per_tenant', principal: { id: 'a1', tenant: 'acme' } });
    await engine.execute({ tool: 'per_tenant', principal: { id: 'a2', tenant: 'acme' } });
    expect(
      (await engine.execute({ tool: 'per_tenant', principal: { id: 'a3', tenant: 'acme' } }))
        .status,
    ).toBe('circuit_open');
    expect(
      (await engine.execute({ tool: 'per_tenant', principal: { id: 'b1', tenant: 'globex' } }))
        .status,
    ).toBe('success');
  });
});

describe('policy', () => {
  it('denies by tool, namespace and capability pattern', async () => {
    const { createSecurityPolicy } = await import('../policy/security-policy.js');
    const { engine, telemetry } = setup(
      [
        ok(),
        tool('drop_table', () => 1, { namespace: 'db' }),
        tool('transfer', () => 1, { capabilities: ['financial'] }),
      ],
      {
        policy: createSecurityPolicy({ deny: { namespaces: ['db'], capabilities: ['financial'] } }),
      },
    );
    expect((await engine.execute({ tool: 'read_value' })).status).toBe('success');
    const denied = await engine.execute({ tool: 'drop_table' });
    expect(denied.status).toBe('permission_denied');
    expect(denied.error?.message).toContain('namespace pattern "db"');
    expect((await engine.execute({ tool: 'transfer' })).status).toBe('permission_denied');
    expect(telemetry.events('policy.decision').map((event) => event.decision)).toEqual([
      'allow',
      'deny',
      'deny',
    ]);
  });

  it('checks the principal capabilities', async () => {
    const { engine } = setup([ok()]);
    const denied = await engine.execute({
      tool: 'read_value',
      principal: { id: 'u1', capabilities: [] },
    });
    expect(denied.status).toBe('permission_denied');
    expect(denied.error?.message).toContain('lacks the capabilities read_data');
    const allowed = await engine.execute({
      tool: 'read_value',
      principal: { id: 'u1', capabilities: ['read_data'] },
    });
    expect(allowed.status).toBe('success');
  });

  it('fails closed when the policy throws', async () => {
    const { engine } = setup([ok()], {
      policy: {
        evaluate: () => {
          throw new Error('broken policy');
        },
      },
    });
    expect((await engine.execute({ tool: 'read_value' })).status).toBe('permission_denied');
  });
});

describe('confirmation', () => {
  it('parks destructive tools and runs them exactly once on confirm', async () => {
    let runs = 0;
    const { engine, history, telemetry } = setup([
      tool('delete_file', () => ++runs, { parametersSchema: { type: 'object' } }),
    ]);
    const pending = await engine.execute({ tool: 'delete_file', arguments: { path: '/tmp/x' } });
    expect(pending.status).toBe('pending_confirmation');
    expect(pending.confirmation?.id).toMatch(/^cfm_/);
    expect(pending.confirmation?.expiresAt).toBeDefined();
    expect(runs).toBe(0);

    const confirmed = await engine.confirm(pending.confirmation!.id);
    expect(confirmed).toMatchObject({ status: 'success', result: 1, callId: pending.callId });
    const reused = await engine.confirm(pending.confirmation!.id);
    expect(reused.status).toBe('permission_denied');
    expect(reused.error?.message).toContain('already used');
    expect(runs).toBe(1);
    // Newest first: the refused reuse is audited too.
    expect((await history.query()).map((record) => record.status)).toEqual([
      'permission_denied',
      'success',
      'pending_confirmation',
    ]);
    const resolvedEvents = telemetry
      .events()
      .filter((event) => event.type === 'confirmation.resolved');
    expect(resolvedEvents[0]).toMatchObject({ outcome: 'confirmed' });
  });

  it('parks tools marked destructive or requiring confirmation, and calls that ask for it', async () => {
    const { engine } = setup([
      tool('wipe', () => 1, { annotations: { destructiveHint: true } }),
      tool('publish', () => 1, { requiresConfirmation: true }),
      ok(),
    ]);
    expect((await engine.execute({ tool: 'wipe' })).status).toBe('pending_confirmation');
    expect((await engine.execute({ tool: 'publish' })).status).toBe('pending_confirmation');
    expect((await engine.execute({ tool: 'read_value', requireConfirmation: true })).status).toBe(
      'pending_confirmation',
    );
    // A call cannot waive a confirmation the policy requires.
    expect((await engine.execute({ tool: 'wipe', requireConfirmation: false })).status).toBe(
      'pending_confirmation',
    );
  });

  it('refuses expired and unknown ids, and answers rejected calls as cancelled', async () => {
    const clock = fakeClock();
    let runs = 0;
    const { engine } = setup([tool('refund_order', () => ++runs)], {
      clock,
      confirmationTtlMs: 1000,
    });
    const first = await engine.execute({ tool: 'refund_order' });
    clock.advance(1001);
    const expired = await engine.confirm(first.confirmation!.id);
    expect(expired.status).toBe('permission_denied');
    expect(expired.error?.message).toContain('expired');

    const unknown = await engine.confirm('cfm_nope');
    expect(unknown.status).toBe('not_found');
    expect(unknown.error?.code).toBe('confirmation_invalid');

    const second = await engine.execute({ tool: 'refund_order' });
    const rejected = await engine.reject(second.confirmation!.id);
    expect(rejected.status).toBe('cancelled');
    expect(rejected.error?.code).toBe('confirmation_rejected');
    expect((await engine.confirm(second.confirmation!.id)).status).toBe('permission_denied');
    expect(runs).toBe(0);
  });
});

describe('rate and concurrency limits', () => {
  it('limits calls per tool with a token bucket', async () => {
    const clock = fakeClock();
    const { engine, telemetry } = setup([ok()], {
      clock,
      rateLimits: { perTool: { capacity: 2, refillPerSecond: 1 } },
    });
    expect((await engine.execute({ tool: 'read_value' })).status).toBe('success');
    expect((await engine.execute({ tool: 'read_value' })).status).toBe('success');
    const limited = await engine.execute({ tool: 'read_value' });
    expect(limited.status).toBe('rate_limited');
    expect(limited.error).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterMs: 1000,
    });
    expect(telemetry.events('rate.limited')[0]?.scope).toBe('tool');
    clock.advance(1000);
    expect((await engine.execute({ tool: 'read_value' })).status).toBe('success');
  });

  it('limits calls per principal, independently per principal', async () => {
    const { engine } = setup([ok()], {
      rateLimits: { perPrincipal: { capacity: 1, refillPerSecond: 0.001 } },
    });
    expect((await engine.execute({ tool: 'read_value', principal: { id: 'a' } })).status).toBe(
      'success',
    );
    expect((await engine.execute({ tool: 'read_value', principal: { id: 'a' } })).status).toBe(
      'rate_limited',
    );
    expect((await engine.execute({ tool: 'read_value', principal: { id: 'b' } })).status).toBe(
      'success',
    );
  });

  it('uses the tool cost rate limit per minute', async () => {
    const { engine } = setup([tool('metered', () => 1, { cost: { rateLimitPerMinute: 1 } })], {
      rateLimits: {},
    });
    expect((await engine.execute({ tool: 'metered' })).status).toBe('success');
    expect((await engine.execute({ tool: 'metered' })).status).toBe('rate_limited');
  });

  it('refuses calls past the bulkhead limit', async () => {
    const release: Array<() => void> = [];
    const { engine } = setup(
      [tool('slow', () => new Promise((resolve) => release.push(() => resolve(1))))],
      {
        concurrency: { maxConcurrentPerTool: 2 },
      },
    );
    const running = [engine.execute({ tool: 'slow' }), engine.execute({ tool: 'slow' })];
    await new Promise((resolve) => setTimeout(resolve, 0));
    const refused = await engine.execute({ tool: 'slow' });
    expect(refused.status).toBe('rate_limited');
    expect(refused.error?.message).toContain('too many calls');
    for (const resolve of release) resolve();
    expect((await Promise.all(running)).map((result) => result.status)).toEqual([
      'success',
      'success',
    ]);
    const after = engine.execute({ tool: 'slow' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    release.at(-1)!();
    expect((await after).status).toBe('success');
  });

  it('queues calls when a queue is allowed', async () => {
    const release: Array<() => void> = [];
    const { engine } = setup(
      [tool('slow', () => new Promise((resolve) => release.push(() => resolve(1))))],
      {
        concurrency: { maxConcurrentPerTool: 1, maxQueuedPerTool: 1 },
      },
    );
    const first = engine.execute({ tool: 'slow' });
    const second = engine.execute({ tool: 'slow' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(release).toHaveLength(1);
    release[0]!();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    release[1]!();
    expect((await second).status).toBe('success');
  });
});

describe('result cache', () => {
  it('answers identical calls from the cache for tools that opt in, until the TTL passes', async () => {
    const clock = fakeClock();
    let runs = 0;
    const { engine } = setup(
      [
        tool('lookup', () => ++runs, {
          metadata: { cache: { ttlMs: 1000 } },
          parametersSchema: { type: 'object' },
        }),
      ],
      { clock },
    );
    const first = await engine.execute({ tool: 'lookup', arguments: { a: 1, b: 2 } });
    const second = await engine.execute({ tool: 'lookup', arguments: { b: 2, a: 1 } });
    expect([first.result, second.result, second.cached]).toEqual([1, 1, true]);
    expect((await engine.execute({ tool: 'lookup', arguments: { a: 2 } })).result).toBe(2);
    clock.advance(1001);
    expect((await engine.execute({ tool: 'lookup', arguments: { a: 1, b: 2 } })).result).toBe(3);
    expect(
      (await engine.execute({ tool: 'lookup', arguments: { a: 1, b: 2 }, cache: false })).result,
    ).toBe(4);
  });

  it('never caches tools with write or delete capabilities', async () => {
    let runs = 0;
    const { engine } = setup([
      tool('save_note', () => ++runs, { capabilities: ['write_data'], metadata: { cache: true } }),
    ]);
    await engine.execute({ tool: 'save_note' });
    await engine.execute({ tool: 'save_note' });
    expect(runs).toBe(2);
  });

  it('caches by the cache option too', async () => {
    let runs = 0;
    const { engine } = setup([tool('search_docs', () => ++runs)], {
      cache: { tools: ['search_*'] },
    });
    await engine.execute({ tool: 'search_docs' });
    await engine.execute({ tool: 'search_docs' });
    expect(runs).toBe(1);
  });
});

describe('health, events and audit', () => {
  it('tracks success rate, latency percentiles and consecutive failures', async () => {
    const clock = fakeClock();
    let fail = false;
    const { engine } = setup(
      [
        tool('sometimes', () => {
          clock.advance(10);
          if (fail) throw new Error('no');
          return 1;
        }),
      ],
      { clock },
    );
    await engine.execute({ tool: 'sometimes' });
    await engine.execute({ tool: 'sometimes' });
    fail = true;
    await engine.execute({ tool: 'sometimes' });
    await engine.execute({ tool: 'sometimes' });
    const health = engine.health('sometimes');
    expect(health).toMatchObject({
      totalCalls: 4,
      successCount: 2,
      failureCount: 2,
      successRate: 0.5,
      consecutiveFailures: 2,
      averageLatencyMs: 10,
      p50LatencyMs: 10,
      p99LatencyMs: 10,
      circuitState: 'closed',
    });
    expect(health.lastSuccessAt).toBeDefined();
    expect(health.lastFailureAt).toBeDefined();
    expect(engine.health('never_called').totalCalls).toBe(0);
  });

  it('emits started and completed events and writes audit records with secrets redacted', async () => {
    const { engine, telemetry, history } = setup([
      tool('login', () => 'ok', { parametersSchema: { type: 'object' } }),
    ]);
    const result = await engine.execute({
      tool: 'login',
      arguments: {
        user: 'ada',
        password: 'hunter2',
        nested: { apiKey: 'k', headers: { Authorization: 'Bearer x' } },
        max_tokens: 5,
      },
      principal: { id: 'u1', tenant: 't1' },
      query: 'log me in',
    });
    expect(telemetry.events('execution.started')).toHaveLength(1);
    expect(telemetry.events('execution.completed')[0]).toMatchObject({
      status: 'success',
      callId: result.callId,
    });
    const [record] = await history.query();
    expect(record).toMatchObject({
      id: result.callId,
      tool: 'login',
      principalId: 'u1',
      tenant: 't1',
      status: 'success',
      query: 'log me in',
      arguments: {
        user: 'ada',
        password: '[REDACTED]',
        nested: { apiKey: '[REDACTED]', headers: { Authorization: '[REDACTED]' } },
        max_tokens: 5,
      },
    });
  });

  it('keeps answering when the history store or telemetry fail', async () => {
    const telemetry = createInMemoryTelemetry();
    const engine = createExecutionEngine({
      resolver: createStaticToolResolver([ok()]),
      telemetry: {
        emit: (event) => {
          telemetry.emit(event);
          if (event.type === 'execution.started') throw new Error('sink down');
        },
      },
      historyStore: {
        append: async () => {
          throw new Error('disk full');
        },
        query: async () => [],
        count: async () => 0,
      },
    });
    expect((await engine.execute({ tool: 'read_value' })).status).toBe('success');
    expect(telemetry.events('audit.failed')[0]?.message).toBe('disk full');
  });

  it('answers every call as cancelled after close', async () => {
    const { engine } = setup([ok()]);
    await engine.close();
    const result = await engine.execute({ tool: 'read_value' });
    expect(result.status).toBe('cancelled');
    expect(result.error?.code).toBe('engine_closed');
  });
});
