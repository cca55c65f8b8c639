import { describe, expect, it } from 'vitest';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { createFunctionExecutor } from './function-executor.js';
import { isSecretKey, redactSecrets } from './redaction.js';
import { backoffDelay, sleep } from './retry.js';

describe('CircuitBreaker', () => {
  it('gives back a probe slot that never ran', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, cooldownMs: 5 }, { now: () => now });
    breaker.record('t', false);
    expect(breaker.acquire('t')).toBe(false);
    now = 5;
    expect(breaker.acquire('t')).toBe(true);
    expect(breaker.acquire('t')).toBe(false);
    breaker.release('t');
    expect(breaker.acquire('t')).toBe(true);
    breaker.reset('t');
    expect(breaker.state('t')).toBe('closed');
  });
});

describe('redaction', () => {
  it('recognises secret keys and leaves look-alikes alone', () => {
    for (const key of [
      'password',
      'db_password',
      'apiKey',
      'X-Api-Key',
      'githubToken',
      'Authorization',
      'client_secret',
      'cookie',
    ]) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['max_tokens', 'tokens', 'city', 'author'])
      expect(isSecretKey(key)).toBe(false);
  });

  it('copies without secrets, cycles or functions', () => {
    const value: Record<string, unknown> = {
      token: 't',
      list: [{ secret: 's', keep: 1 }],
      fn: () => 1,
      n: 2n,
    };
    value.self = value;
    expect(redactSecrets(value)).toEqual({
      token: '[REDACTED]',
      list: [{ secret: '[REDACTED]', keep: 1 }],
      fn: undefined,
      n: '2',
      self: '[Circular]',
    });
  });
});

describe('retry helpers', () => {
  it('doubles the delay up to the cap, with jitter between half and all of it', () => {
    expect(
      [1, 2, 3, 10].map((retry) =>
        backoffDelay(retry, { baseDelayMs: 100, maxDelayMs: 400, jitter: false }),
      ),
    ).toEqual([100, 200, 400, 400]);
    expect(backoffDelay(1, { baseDelayMs: 100, random: () => 0 })).toBe(50);
    expect(backoffDelay(1, { baseDelayMs: 100, random: () => 0.999 })).toBe(100);
  });

  it('sleep rejects when aborted', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('createFunctionExecutor', () => {
  it('turns a synchronous throw into a rejection', async () => {
    const executor = createFunctionExecutor(() => {
      throw new Error('sync');
    });
    const tool = createToolDefinition({
      name: 'x_tool',
      description: 'A tool for the executor test.',
      parametersSchema: { type: 'object' },
    });
    const context = {
      signal: new AbortController().signal,
      tool,
      callId: 'c',
      reportProgress: () => {},
    };
    await expect(executor.execute({ tool, arguments: {}, context })).rejects.toThrow('sync');
    expect(executor.kind).toBe('function');
    expect(executor.canExecute(tool)).toBe(true);
  });
});
