import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseHostHeader, rebindingRefusal } from './host-check.js';

const request = (headers: Record<string, string>, method = 'POST') =>
  ({ headers, method }) as unknown as IncomingMessage;

describe('Host parsing and the rebinding check', () => {
  it('reads host[:port] and nothing else', () => {
    expect(parseHostHeader('127.0.0.1:3333')).toBe('127.0.0.1');
    expect(parseHostHeader('LOCALHOST')).toBe('localhost');
    expect(parseHostHeader('[::1]:80')).toBe('[::1]');
    expect(parseHostHeader('mcp.internal')).toBe('mcp.internal');
    for (const hostile of [
      '[::1]evil.example',
      '[::1]:80evil',
      '127.0.0.1:1, evil.example',
      '127.0.0.1 evil.example',
      '127.0.0.1:99999',
      'evil.example@127.0.0.1',
      '',
      ':80',
    ]) {
      expect(parseHostHeader(hostile), hostile).toBeUndefined();
    }
  });

  it('knows loopback from names that only look like it', () => {
    expect(isLoopbackHost('127.3.2.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });

  it('refuses foreign and malformed Host values, and foreign origins', () => {
    expect(rebindingRefusal(request({ host: '127.0.0.1:80' }))).toBeUndefined();
    expect(rebindingRefusal(request({ host: 'evil.example' }))).toMatch(/not a loopback host/);
    expect(rebindingRefusal(request({ host: '[::1]evil.example' }))).toMatch(/not a loopback/);
    expect(rebindingRefusal(request({ host: '127.0.0.1:1, evil.example' }))).toMatch(/loopback/);
    expect(rebindingRefusal(request({ host: 'localhost', origin: 'http://evil.example' }))).toMatch(
      /serve.allowedOrigins/,
    );
    expect(
      rebindingRefusal(request({ host: 'localhost', origin: 'http://localhost:3000/path' })),
    ).toMatch(/not an origin/);
    expect(
      rebindingRefusal(request({ host: 'localhost', origin: 'http://localhost:3000' })),
    ).toBeUndefined();
    expect(
      rebindingRefusal(request({ host: 'mcp.internal' }), { allowedHosts: ['mcp.internal'] }),
    ).toBeUndefined();
  });

  it('lets Origin: null read, never change state', () => {
    const headers = { host: '127.0.0.1', origin: 'null' };
    expect(rebindingRefusal(request(headers, 'GET'))).toBeUndefined();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(rebindingRefusal(request(headers, method))).toMatch(/Origin "null" may not change/);
    }
  });

  it('echoes a refused value cut short and printable', () => {
    const refusal = rebindingRefusal(request({ host: `evil${'x'.repeat(500)}\u0000` }));
    expect(refusal?.length).toBeLessThan(250);
    expect(refusal).not.toContain('\u0000');
  });
});
