/**
 * JSON with object keys sorted at every depth, so that two objects with the same content give
 * the same text whatever order their keys were written in. `undefined` members are dropped, as
 * JSON.stringify does; non-finite numbers become null.
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set());
}

// Keys that need no escaping are quoted directly rather than through JSON.stringify.
const SIMPLE_KEY = /^[A-Za-z0-9_$.-]*$/;

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
  // String concatenation and an in-place key sort: this runs for every registered tool.
  let out: string;
  if (Array.isArray(object)) {
    out = '[';
    for (let i = 0; i < object.length; i++) {
      if (i > 0) out += ',';
      out += write(object[i], seen);
    }
    out += ']';
  } else {
    const record = object as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    out = '{';
    let first = true;
    for (const key of keys) {
      const member = record[key];
      if (member === undefined || typeof member === 'function') continue;
      if (!first) out += ',';
      first = false;
      out += `${SIMPLE_KEY.test(key) ? `"${key}"` : JSON.stringify(key)}:${write(member, seen)}`;
    }
    out += '}';
  }
  seen.delete(object);
  return out;
}
