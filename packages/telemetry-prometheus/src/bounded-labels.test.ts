import { describe, expect, it } from 'vitest';
import { BoundedLabel, namespaceOf, OVERFLOW_LABEL, splitQualifiedName } from './bounded-labels.js';

describe('label bounds', () => {
  it('keeps the first values and collapses the rest', () => {
    const label = new BoundedLabel(2);
    expect([label.value('a'), label.value('b'), label.value('c'), label.value('a')]).toEqual([
      'a',
      'b',
      OVERFLOW_LABEL,
      'a',
    ]);
    expect(label.value(undefined)).toBe(OVERFLOW_LABEL);
  });

  it('reads namespaces out of qualified names, dotted versions and namespaces included', () => {
    expect(namespaceOf('forecasts.get_weather:1.0.0', 'get_weather')).toBe('forecasts');
    expect(namespaceOf('acme.billing.refund:2', 'refund')).toBe('acme.billing');
    expect(namespaceOf('get_weather', 'get_weather')).toBe('default');
    expect(splitQualifiedName('acme.billing.refund:2.1.0')).toEqual({
      namespace: 'acme.billing',
      tool: 'refund',
    });
    expect(splitQualifiedName('refund')).toBeUndefined();
  });
});
