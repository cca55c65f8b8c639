import { InvalidArgumentError } from '../errors/arsenal-error.js';
import type { MetadataFilter } from '../ports/vector-store.js';

/** A value a filter compares against: what a metadata field holds, arrays aside. */
export type MetadataScalar = string | number | boolean;

/**
 * A checked `MetadataFilter`, one node per operation, for stores that translate filters into
 * their own query language. Semantics every translation must keep:
 * - `eq`: the field equals `value` (same type, no coercion), or is an array holding it;
 * - `ne`: not `eq` (records lacking the field pass);
 * - `in` / `nin`: `eq` for some value / for none of them (an empty `in` passes nothing);
 * - `gt`, `gte`, `lt`, `lte`: the field is a number and compares so (others fail);
 * - `contains`: the field is an array holding `value`;
 * - `array-eq`: the field is an array with exactly these items in this order;
 * - `and` of no children passes everything, `or` of no children nothing.
 */
export type MetadataFilterNode =
  | { op: 'and' | 'or'; children: MetadataFilterNode[] }
  | { op: 'eq' | 'ne'; field: string; value: MetadataScalar }
  | { op: 'in' | 'nin'; field: string; values: MetadataScalar[] }
  | { op: 'gt' | 'gte' | 'lt' | 'lte'; field: string; value: number }
  | { op: 'contains'; field: string; value: string }
  | { op: 'array-eq'; field: string; values: string[] };

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

/**
 * Checks a `MetadataFilter` and turns it into a `MetadataFilterNode` tree, or `undefined` for no
 * filter. Throws an InvalidArgumentError naming the offending path for anything the port does
 * not define, so every store rejects the same filters with the same message.
 *
 * @example
 * parseMetadataFilter({ kind: 'http', cost: { $lt: 5 } });
 * // { op: 'and', children: [{ op: 'eq', field: 'kind', value: 'http' }, { op: 'lt', ... }] }
 */
export function parseMetadataFilter(
  filter: MetadataFilter | undefined,
): MetadataFilterNode | undefined {
  if (filter === undefined) return undefined;
  return parseNode(filter, 'filter');
}

function parseNode(node: unknown, path: string): MetadataFilterNode {
  if (!isPlainObject(node)) {
    throw new InvalidArgumentError(
      `${path} must be an object such as { kind: "http" } or { $or: [...] }, got ${describe(node)}.`,
    );
  }
  const children: MetadataFilterNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$and' || key === '$or') {
      children.push(parseLogical(key, value, `${path}.${key}`));
    } else if (key.startsWith('$')) {
      throw new InvalidArgumentError(
        `Unknown filter operator "${key}" at ${path}. Only $and and $or may appear in place of a ` +
          `field name; put field operators inside a field, as in { cost: { $lt: 5 } }. ${SUPPORTED}`,
      );
    } else {
      children.push(...parseField(key, value, `${path}.${key}`));
    }
  }
  return children.length === 1 ? children[0]! : { op: 'and', children };
}

function parseLogical(operator: '$and' | '$or', value: unknown, path: string): MetadataFilterNode {
  if (!Array.isArray(value)) {
    throw new InvalidArgumentError(`${path} must be an array of filters, got ${describe(value)}.`);
  }
  const children = value.map((child, index) => parseNode(child, `${path}[${index}]`));
  return { op: operator === '$and' ? 'and' : 'or', children };
}

function parseField(field: string, value: unknown, path: string): MetadataFilterNode[] {
  if (isScalar(value)) return [{ op: 'eq', field, value }];
  if (Array.isArray(value)) {
    const values = value.map((item, index) => {
      if (typeof item !== 'string') {
        throw new InvalidArgumentError(
          `${path}[${index}] must be a string (metadata arrays hold strings), got ${describe(item)}.`,
        );
      }
      return item;
    });
    return [{ op: 'array-eq', field, values }];
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) {
      throw new InvalidArgumentError(
        `${path} is an empty condition; give an operator such as { $eq: "http" }, or drop the field. ${SUPPORTED}`,
      );
    }
    return entries.map(([operator, operand]) => parseOperator(field, operator, operand, path));
  }
  throw new InvalidArgumentError(
    `${path} must be a string, finite number, boolean, array of strings or an operator object, got ${describe(value)}.`,
  );
}

function parseOperator(
  field: string,
  operator: string,
  operand: unknown,
  fieldPath: string,
): MetadataFilterNode {
  const path = `${fieldPath}.${operator}`;
  if (!isFieldOperator(operator)) {
    throw new InvalidArgumentError(
      `Unknown filter operator "${operator}" at ${fieldPath}. ${SUPPORTED}`,
    );
  }
  switch (operator) {
    case '$eq':
    case '$ne':
      return { op: operator === '$eq' ? 'eq' : 'ne', field, value: requireScalar(operand, path) };
    case '$in':
    case '$nin':
      return {
        op: operator === '$in' ? 'in' : 'nin',
        field,
        values: requireScalarList(operand, path),
      };
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return {
        op: operator.slice(1) as 'gt' | 'gte' | 'lt' | 'lte',
        field,
        value: requireNumber(operand, path),
      };
    case '$contains':
      if (typeof operand !== 'string') {
        throw new InvalidArgumentError(
          `${path} must be a string (the value the array field should hold), got ${describe(operand)}.`,
        );
      }
      return { op: 'contains', field, value: operand };
  }
}

function requireScalar(value: unknown, path: string): MetadataScalar {
  if (isScalar(value)) return value;
  throw new InvalidArgumentError(
    `${path} must be a string, finite number or boolean, got ${describe(value)}.`,
  );
}

function requireScalarList(value: unknown, path: string): MetadataScalar[] {
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

function isScalar(value: unknown): value is MetadataScalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
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
