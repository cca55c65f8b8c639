import { describe, expect, it } from 'vitest';
import { CancelledError } from '../errors/arsenal-error.js';
import { EmbedderError } from '../errors/model-errors.js';
import { type ServiceCallContext, toServiceError, vendorMessage } from './service-error.js';

const context: ServiceCallContext = {
  service: 'Acme embed',
  url: 'https://api.acme.example/v2/embed?x=1',
  timeoutMs: 500,
  secret: 'secret-key-123456',
  createError: (message, options) => new EmbedderError(message, options),
  hintForStatus: (status) => (status === 401 ? 'check the API key' : 'check the options'),
};

describe('toServiceError', () => {
  it('reads an SDK error: status, vendor message, Retry-After, secrets cut out', () => {
    const sdkError = Object.assign(new Error('Status code: 429'), {
      statusCode: 429,
      body: { message: 'too many requests for secret-key-123456' },
      rawResponse: { headers: new Headers({ 'retry-after': '2' }) },
    });
    const error = toServiceError(sdkError, context) as EmbedderError;
    expect(error).toBeInstanceOf(EmbedderError);
    expect(error.message).toBe(
      'Acme embed at https://api.acme.example/v2/embed answered 429: too many requests for [redacted]; check the options.',
    );
    expect(error).toMatchObject({ statusCode: 429, retryable: true, retryAfterMs: 2000 });
    expect(error.cause).toBe(sdkError);
  });

  it('reads a failed fetch answer, preferring retry-after-ms, and keeps 4xx final', () => {
    const headers = new Headers({ 'retry-after-ms': '150', 'retry-after': '9' });
    const busy = toServiceError({ status: 503, body: '', headers, statusText: 'Busy' }, context);
    expect(busy).toMatchObject({ retryable: true, retryAfterMs: 150 });
    expect(busy.message).toContain('answered 503: Busy');
    const denied = toServiceError(
      {
        status: 401,
        body: '{"error":{"message":"Incorrect API key sk-abcdef","code":"invalid_api_key"}}',
      },
      context,
    );
    expect(denied.message).toContain(
      'Incorrect API key sk-[redacted] (invalid_api_key); check the API key.',
    );
    expect(denied).toMatchObject({ retryable: false, statusCode: 401 });
  });

  it('tells timeouts, aborts and unreachable services apart', () => {
    const timedOut = toServiceError(new DOMException('x', 'TimeoutError'), context);
    expect(timedOut.message).toMatch(/did not answer within 500 ms/);
    expect(toServiceError(new Error('x'), { ...context, timedOut: true }).message).toMatch(
      /within/,
    );
    class VendorTimeoutError extends Error {}
    expect(toServiceError(new VendorTimeoutError('slow'), context).message).toMatch(/within/);
    const controller = new AbortController();
    controller.abort();
    expect(
      toServiceError(new Error('aborted'), { ...context, signal: controller.signal }),
    ).toBeInstanceOf(CancelledError);
    const down = toServiceError(new TypeError('fetch failed: secret-key-123456'), context);
    expect(down.message).toBe(
      'Cannot reach Acme embed at https://api.acme.example/v2/embed: fetch failed: [redacted]; check baseUrl and that the service is up.',
    );
    expect(down).toMatchObject({ retryable: true });
  });
});

describe('vendorMessage', () => {
  it('reads the common error body shapes', () => {
    expect(vendorMessage('{"error":"model not found"}')).toBe('model not found');
    expect(vendorMessage({ error: { message: 'bad', code: 'x' } })).toBe('bad (x)');
    expect(vendorMessage({ message: 'nope' })).toBe('nope');
    expect(vendorMessage('  plain text  ')).toBe('plain text');
    expect(vendorMessage('')).toBeUndefined();
    expect(vendorMessage({})).toBeUndefined();
  });
});
