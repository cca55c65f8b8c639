import { describe, expect, it } from 'vitest';
import { pickToolAnnotations } from './annotations.js';

describe('pickToolAnnotations', () => {
  it('keeps a string title and boolean hints, in order', () => {
    const picked = pickToolAnnotations({
      openWorldHint: false,
      title: 'Weather',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(picked).toEqual({
      title: 'Weather',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(Object.keys(picked ?? {})).toEqual([
      'title',
      'readOnlyHint',
      'destructiveHint',
      'idempotentHint',
      'openWorldHint',
    ]);
  });

  it('drops mistyped and unknown fields', () => {
    expect(
      pickToolAnnotations({ title: 7, readOnlyHint: 'yes', destructiveHint: true, color: 'red' }),
    ).toEqual({ destructiveHint: true });
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'readOnlyHint'],
    ['an object with nothing usable', { readOnlyHint: 1 }],
  ])('gives undefined for %s', (_what, raw) => {
    expect(pickToolAnnotations(raw)).toBeUndefined();
  });
});
