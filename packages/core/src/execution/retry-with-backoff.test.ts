import { describe, expect, it } from 'vitest';
import { ArsenalError, InvalidArgumentError } from '../errors/arsenal-error.js';
import { EmbedderError } from '../errors/model-errors.js';
import { parseRetryAfter, retryWithBackoff } from './retry-with-backoff.js';

const fast = { baseDelayMs: 1, jitter: false } as const;

describe('retryWithBackoff', () => {
  it('retries retryable errors and returns the first success', async () => {
    let attempts = 0;
    const result = await retryWithBackoff(async (attempt) => {
      attempts += 1;
      if (attempt < 2) throw new EmbedderError('busy', { retryable: true, statusCode: 503 });
      return 'ok';
    }, fast);
    expect(result).toBe('ok');
    expect(attempts).toBe(3);
  });

  it('does not retry errors that are not retryable', async () => {
    let attempts = 0;
    const failure = retryWithBackoff(async () => {
      attempts += 1;
      throw new InvalidArgumentError('bad input');
    }, fast);
    await expect(failure).rejects.toThrow('bad input');
    expect(attempts).toBe(1);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    let attempts = 0;
    const failure = retryWithBackoff(
      async () => {
        attempts += 1;
        throw new EmbedderError(`down ${attempts}`, { retryable: true });
      },
      { ...fast, maxRetries: 2 },
    );
    await expect(failure).rejects.toThrow('down 3');
    expect(attempts).toBe(3);
  });

  it('waits at least the Retry-After the error carries, capped by maxDelayMs', async () => {
    const delays: number[] = [];
    let attempts = 0;
    await retryWithBackoff(
      async () => {
        attempts += 1;
        if (attempts === 1)
          throw new EmbedderError('slow down', { retryable: true, retryAfterMs: 40 });
        if (attempts === 2)
          throw new EmbedderError('later', { retryable: true, retryAfterMs: 99_999 });
        return 'ok';
      },
      { ...fast, maxDelayMs: 50, onRetry: ({ delayMs }) => delays.push(delayMs) },
    );
    expect(delays).toEqual([40, 50]);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const failure = retryWithBackoff(
      async () => {
        setTimeout(() => controller.abort(), 5);
        throw new EmbedderError('busy', { retryable: true, retryAfterMs: 60_000 });
      },
      { ...fast, maxDelayMs: 60_000, signal: controller.signal },
    );
    const error = await failure.catch((caught: unknown) => caught);
    expect(ArsenalError.isInstance(error) && error.code).toBe('cancelled');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent and unreadable values', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
  });
});
