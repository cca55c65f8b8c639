/** The label value every value past the budget collapses into. */
export const OVERFLOW_LABEL = '__other__';

/**
 * Keeps a label's distinct values under a budget, so a catalog of 100k tools (or a hostile tool
 * name per call) cannot grow the exposition without bound: the first `limit` values are kept,
 * later ones are reported as `__other__`.
 */
export class BoundedLabel {
  readonly #limit: number;
  readonly #seen = new Set<string>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  value(raw: string | undefined): string {
    const value = raw === undefined || raw === '' ? 'unknown' : raw.slice(0, 200);
    if (this.#seen.has(value)) return value;
    if (this.#seen.size >= this.#limit) return OVERFLOW_LABEL;
    this.#seen.add(value);
    return value;
  }
}

/** `default.get_weather:1.0.0` with name `get_weather` → `default`. */
export function namespaceOf(qualifiedName: string, name: string): string {
  const withoutVersion = qualifiedName.replace(/:[^:]*$/, '');
  const suffix = `.${name}`;
  if (withoutVersion.endsWith(suffix)) return withoutVersion.slice(0, -suffix.length) || 'default';
  const dot = withoutVersion.lastIndexOf('.');
  return dot > 0 ? withoutVersion.slice(0, dot) : 'default';
}

/** `forecasts.get_weather:1.0.0` → its namespace and name; undefined for a bare name. */
export function splitQualifiedName(value: string): { namespace: string; tool: string } | undefined {
  const match = /^(.+)\.([^.:]+):[^:]*$/.exec(value);
  return match ? { namespace: match[1]!, tool: match[2]! } : undefined;
}
