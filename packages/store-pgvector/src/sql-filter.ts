import type { MetadataFilterNode, MetadataScalar } from '@arsenal/core/adapter';

/** A SQL boolean expression over the `metadata` jsonb column, with its parameter values. */
export interface SqlFilter {
  sql: string;
  params: unknown[];
}

/**
 * Translates a checked metadata filter into a WHERE expression on the jsonb `metadata` column,
 * so Postgres filters before ranking. Equality and containment use `@>`, which the GIN index on
 * `metadata` serves; ranges read numbers only (`jsonb_typeof`), so a string never compares.
 * `firstParam` is the number of the first `$n` placeholder this expression may use.
 */
export function toSqlFilter(node: MetadataFilterNode | undefined, firstParam: number): SqlFilter {
  const params: unknown[] = [];
  const param = (value: unknown, cast: string): string => {
    params.push(value);
    return `$${firstParam + params.length - 1}::${cast}`;
  };
  const contains = (field: string, value: unknown): string =>
    `metadata @> ${param(JSON.stringify({ [field]: value }), 'jsonb')}`;
  const equals = (field: string, value: MetadataScalar): string =>
    typeof value === 'string'
      ? `(${contains(field, value)} OR ${contains(field, [value])})`
      : contains(field, value);

  const translate = (current: MetadataFilterNode): string => {
    switch (current.op) {
      case 'and':
      case 'or': {
        if (current.children.length === 0) return current.op === 'and' ? 'TRUE' : 'FALSE';
        const joiner = current.op === 'and' ? ' AND ' : ' OR ';
        return `(${current.children.map(translate).join(joiner)})`;
      }
      case 'eq':
        return equals(current.field, current.value);
      case 'ne':
        return `NOT ${equals(current.field, current.value)}`;
      case 'in':
      case 'nin': {
        const { field } = current;
        const any =
          current.values.length === 0
            ? 'FALSE'
            : `(${current.values.map((value) => equals(field, value)).join(' OR ')})`;
        return current.op === 'in' ? any : `NOT ${any}`;
      }
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const operator = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[current.op];
        const field = param(current.field, 'text');
        // CASE keeps the cast away from non-numbers: AND does not promise an evaluation order.
        return (
          `(CASE WHEN jsonb_typeof(metadata -> ${field}) = 'number' ` +
          `THEN (metadata ->> ${field})::float8 ${operator} ${param(current.value, 'float8')} ELSE FALSE END)`
        );
      }
      case 'contains':
        return contains(current.field, [current.value]);
      case 'array-eq':
        return `(metadata -> ${param(current.field, 'text')} = ${param(JSON.stringify(current.values), 'jsonb')})`;
    }
  };
  return { sql: node === undefined ? 'TRUE' : translate(node), params };
}
