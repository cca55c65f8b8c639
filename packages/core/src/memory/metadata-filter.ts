import { InvalidArgumentError } from '../errors/arsenal-error.js';
import type { MetadataFilter, MetadataValue } from '../ports/vector-store.js';

/** Tells whether one record's metadata passes a compiled filter. */
export type MetadataPredicate = (metadata: Readonly<Record<string, MetadataValue>>) => boolean;

type Scalar = string | number | boolean;

const FIELD_OPERATORS = [
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$contains',
] as const;
type FieldOperator = (typeof FIELD_OPERATORS)[number];

const SUPPORTED = `Field operators: ${FIELD_OPERATORS.join(', ')}; combine filters with $and / $or.`;

const matchAll: MetadataPredicate = () => true;
const matchNone: MetadataPredicate = () => false;

/**
 * Turns a `MetadataFilter` into a predicate once, so a scan pays for validation a single time.
 * Throws an InvalidArgumentError naming the offending path for anything the port does not define.
 *
 * Semantics (see `MetadataFilter`): a plain scalar means equality, or "contains" when the stored
 * field is an array; a plain array means the stored array has the same elements in the same order;
 * `$ne` and `$nin` pass records that lack the field; range operators pass numbers only;
 * `{ $and: [] }` passes everything and `{ $or: [] }` passes nothing.
 */
export function compileMetadataFilter(filter: MetadataFilter | undefined): MetadataPredicate {
  if (filter === undefined) return matchAll;
  return compileNode(filter, 'filter');
}

function compileNode(node: unknown, path: string): MetadataPredicate {
  if (!isPlainObject(node)) {
    throw new InvalidArgumentError(
      `${path} must be an object such as { kind: "http" } or { $or: [...] }, got ${describe(node)}.`,
    );
  }
  const parts: MetadataPredicate[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$and' || key === '$or') {
      parts.push(compileLogical(key, value, `${path}.${key}`));
    } else if (key.startsWith('$')) {
      throw new InvalidArgumentError(
        `Unknown filter operator "${key}" at ${path}. Only $and and $or may appear in place of a ` +
          `field name; put field operators inside a field, as in { cost: { $lt: 5 } }. ${SUPPORTED}`,
      );
    } else {
      parts.push(compileField(key, value, `${path}.${key}`));
    }
  }
  return allOf(parts);
}

function compileLogical(operator: '$and' | '$or', value: unknown, path: string): MetadataPredicate {
  if (!Array.isArray(value)) {
    throw new InvalidArgumentError(`${path} must be an array of filters, got ${describe(value)}.`);
  }
  const parts = value.map((child, index) => compileNode(child, `${path}[${index}]`));
  return operator === '$and' ? allOf(parts) : anyOf(parts);
}

function compileField(field: string, value: unknown, path: string): MetadataPredicate {
  if (isScalar(value)) {
    return (metadata) => equalsOrContains(metadata[field], value);
  }
  if (Array.isArray(value)) {
    const expected = value.map((item, index) => {
      if (typeof item !== 'string') {
        throw new InvalidArgumentError(
          `${path}[${index}] must be a string (metadata arrays hold strings), got ${describe(item)}.`,
        );
      }
      return item;
    });
    return (metadata) => sameArray(metadata[field], expected);
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) {
      throw new InvalidArgumentError(
        `${path} is an empty condition; give an operator such as { $eq: "http" }, or drop the field. ${SUPPORTED}`,
      );
    }
    return allOf(
      entries.map(([operator, operand]) => compileOperator(field, operator, operand, path)),
    );
  }
  throw new InvalidArgumentError(
    `${path} must be a string, finite number, boolean, array of strings or an operator object, got ${describe(value)}.`,
  );
}

function compileOperator(
  field: string,
  operator: string,
  operand: unknown,
  fieldPath: string,
): MetadataPredicate {
  const path = `${fieldPath}.${operator}`;
  if (!isFieldOperator(operator)) {
    throw new InvalidArgumentError(
      `Unknown filter operator "${operator}" at ${fieldPath}. ${SUPPORTED}`,
    );
  }
  switch (operator) {
    case '$eq': {
      const expected = requireScalar(operand, path);
      return (metadata) => equalsOrContains(metadata[field], expected);
    }
    case '$ne': {
      const expected = requireScalar(operand, path);
      return (metadata) => !equalsOrContains(metadata[field], expected);
    }
    case '$in': {
      const accepted = new Set(requireScalarList(operand, path));
      return (metadata) => intersects(metadata[field], accepted);
    }
    case '$nin': {
      const rejected = new Set(requireScalarList(operand, path));
      return (metadata) => !intersects(metadata[field], rejected);
    }
    case '$gt': {
      const bound = requireNumber(operand, path);
      return (metadata) => {
        const actual = metadata[field];
        return typeof actual === 'number' && actual > bound;
      };
    }
    case '$gte': {
      const bound = requireNumber(operand, path);
      return (metadata) => {
        const actual = metadata[field];
        return typeof actual === 'number' && actual >= bound;
      };
    }
    case '$lt': {
      const bound = requireNumber(operand, path);
      return (metadata) => {
        const actual = metadata[field];
        return typeof actual === 'number' && actual < bound;
      };
    }
    case '$lte': {
      const bound = requireNumber(operand, path);
      return (metadata) => {
        const actual = metadata[field];
        return typeof actual === 'number' && actual <= bound;
      };
    }
    case '$contains': {
      if (typeof operand !== 'string') {
        throw new InvalidArgumentError(
          `${path} must be a string (the value the array field should hold), got ${describe(operand)}.`,
        );
      }
      return (metadata) => {
        const actual = metadata[field];
        return isStringArray(actual) && actual.includes(operand);
      };
    }
  }
}

function equalsOrContains(actual: MetadataValue | undefined, expected: Scalar): boolean {
  if (isStringArray(actual)) return typeof expected === 'string' && actual.includes(expected);
  return actual === expected;
}

function intersects(actual: MetadataValue | undefined, values: ReadonlySet<Scalar>): boolean {
  if (actual === undefined) return false;
  if (isStringArray(actual)) return actual.some((item) => values.has(item));
  return values.has(actual);
}

function sameArray(actual: MetadataValue | undefined, expected: readonly string[]): boolean {
  if (!isStringArray(actual) || actual.length !== expected.length) return false;
  return actual.every((item, index) => item === expected[index]);
}

function allOf(parts: readonly MetadataPredicate[]): MetadataPredicate {
  if (parts.length === 0) return matchAll;
  if (parts.length === 1) return parts[0]!;
  return (metadata) => {
    for (const part of parts) if (!part(metadata)) return false;
    return true;
  };
}

function anyOf(parts: readonly MetadataPredicate[]): MetadataPredicate {
  if (parts.length === 0) return matchNone;
  if (parts.length === 1) return parts[0]!;
  return (metadata) => {
    for (const part of parts) if (part(metadata)) return true;
    return false;
  };
}

function requireScalar(value: unknown, path: string): Scalar {
  if (isScalar(value)) return value;
  throw new InvalidArgumentError(
    `${path} must be a string, finite number or boolean, got ${describe(value)}.`,
  );
}

function requireScalarList(value: unknown, path: string): Scalar[] {
  if (!Array.isArray(value)) {
    throw new InvalidArgumentError(
      `${path} must be an array of strings, numbers or booleans, got ${describe(value)}.`,
    );
  }
  return value.map((item, index) => requireScalar(item, `${path}[${index}]`));
}

function requireNumber(value: unknown, path: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new InvalidArgumentError(
    `${path} must be a finite number (range operators compare numbers), got ${describe(value)}.`,
  );
}

function isFieldOperator(value: string): value is FieldOperator {
  return (FIELD_OPERATORS as readonly string[]).includes(value);
}

function isScalar(value: unknown): value is Scalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function isStringArray(value: MetadataValue | undefined): value is readonly string[] {
  return Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}
