import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-guard.js';
import type { ParameterBinding } from './operation.js';
import { cookiePair, headerValue, pathValue, queryPairs } from './parameter-serialization.js';

const binding = (overrides: Partial<ParameterBinding>): ParameterBinding => ({
  property: 'p',
  name: 'p',
  in: 'query',
  style: 'form',
  explode: true,
  ...overrides,
});

describe('query serialisation', () => {
  it('follows form, spaceDelimited, pipeDelimited and deepObject styles', () => {
    expect(queryPairs(binding({}), ['a', 'b'])).toEqual(['p=a', 'p=b']);
    expect(queryPairs(binding({ explode: false }), ['a', 'b'])).toEqual(['p=a,b']);
    expect(queryPairs(binding({ style: 'spaceDelimited', explode: false }), ['a', 'b'])).toEqual([
      'p=a%20b',
    ]);
    expect(queryPairs(binding({ style: 'pipeDelimited', explode: false }), ['a', 'b'])).toEqual([
      'p=a|b',
    ]);
    expect(queryPairs(binding({ style: 'deepObject' }), { x: 1, y: 'z w' })).toEqual([
      'p%5Bx%5D=1',
      'p%5By%5D=z%20w',
    ]);
    expect(queryPairs(binding({}), { x: 1 })).toEqual(['x=1']);
    expect(queryPairs(binding({ explode: false }), { x: 1, y: 2 })).toEqual(['p=x,1,y,2']);
    expect(queryPairs(binding({}), 'a&b=c')).toEqual(['p=a%26b%3Dc']);
    expect(queryPairs(binding({ json: true }), { a: 1 })).toEqual(['p=%7B%22a%22%3A1%7D']);
  });
});

describe('path serialisation', () => {
  const path = binding({ in: 'path', style: 'simple', explode: false });
  it('percent-encodes values, slashes included', () => {
    expect(pathValue(path, 'a b/c?d#e', 't')).toBe('a%20b%2Fc%3Fd%23e');
    expect(pathValue(path, [1, 2], 't')).toBe('1,2');
    expect(pathValue(binding({ in: 'path', style: 'label', explode: false }), 'x', 't')).toBe('.x');
    expect(pathValue(binding({ in: 'path', style: 'matrix', explode: false }), 'x', 't')).toBe(
      ';p=x',
    );
  });
  it('refuses dot segments', () => {
    expect(() => pathValue(path, '..', 't')).toThrow(/"\.\." segment/);
    expect(() => pathValue(path, 'a/../b', 't')).toThrow(/segment/);
    expect(() => pathValue(path, '..%2fetc', 't')).toThrow(/segment/);
    expect(pathValue(path, '..foo', 't')).toBe('..foo');
  });
});

describe('headers and cookies', () => {
  it('joins arrays and refuses line breaks', () => {
    expect(headerValue(binding({ in: 'header', style: 'simple' }), ['a', 'b'], 't')).toBe('a,b');
    expect(() => headerValue(binding({ in: 'header' }), 'a\r\nb: c', 't')).toThrow(/line break/);
    expect(cookiePair(binding({ in: 'cookie' }), 'a;b', 't')).toBe('p=a%3Bb');
    expect(() => cookiePair(binding({ in: 'cookie' }), 'a\nb', 't')).toThrow(/line break/);
  });
});

describe('classifyAddress', () => {
  it('knows loopback, private, link-local and reserved ranges, IPv4 and IPv6', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('10.0.0.1')).toBe('private');
    expect(classifyAddress('172.16.5.4')).toBe('private');
    expect(classifyAddress('192.168.1.1')).toBe('private');
    expect(classifyAddress('100.64.0.1')).toBe('private');
    expect(classifyAddress('169.254.169.254')).toBe('link_local');
    expect(classifyAddress('0.0.0.0')).toBe('reserved');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('::')).toBe('reserved');
    expect(classifyAddress('fd00::1')).toBe('private');
    expect(classifyAddress('fe80::1')).toBe('link_local');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('link_local');
    expect(classifyAddress('64:ff9b::10.0.0.1')).toBe('private');
    expect(classifyAddress('8.8.8.8')).toBeUndefined();
    expect(classifyAddress('2606:4700::1111')).toBeUndefined();
    expect(classifyAddress('172.32.0.1')).toBeUndefined();
  });
});
