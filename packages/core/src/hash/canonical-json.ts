/**
 * JSON with object keys sorted at every depth, so that two objects with the same content give
 * the same text whatever order their keys were written in. `undefined` members are dropped, as
 * JSON.stringify does; non-finite numbers become null.
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set());
}

function write(value: unknown, seen: Set<object>): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object':
      break;
    default:
      return 'null';
  }
  const object = value as object;
  if (seen.has(object)) throw new TypeError('canonicalJson: the value contains a cycle.');
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') {
    return write((object as { toJSON: () => unknown }).toJSON(), seen);
  }
  seen.add(object);
  let out: string;
  if (Array.isArray(object)) {
    out = `[${object.map((item) => write(item, seen)).join(',')}]`;
  } else {
    const record = object as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
      .sort();
    out = `{${keys.map((key) => `${JSON.stringify(key)}:${write(record[key], seen)}`).join(',')}}`;
  }
  seen.delete(object);
  return out;
}
