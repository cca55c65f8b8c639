import { describe, expect, it } from 'vitest';
import { redactRedisUrl } from './redis-url.js';

describe('redactRedisUrl', () => {
  it('hides passwords and keeps the rest', () => {
    expect(redactRedisUrl('redis://user:secret@host:6379/0')).toBe('redis://user:***@host:6379/0');
    expect(redactRedisUrl('rediss://:secret@host:6380')).toBe('rediss://:***@host:6380');
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });

  it('hides credentials in text that is not a URL', () => {
    expect(redactRedisUrl('not a url //user:pw@host')).toBe('not a url //***@host');
  });
});
