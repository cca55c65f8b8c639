import type { JsonSchema } from '@arsenal/core';
import { isJsonSchemaObject } from '@arsenal/core/adapter';

function isNullSchema(schema: unknown): boolean {
  return isJsonSchemaObject(schema) && schema.type === 'null';
}

/** Let a schema also accept null: the way strict mode spells an optional property. */
export function withNull(schema: JsonSchema): JsonSchema {
  if (schema.anyOf !== undefined) {
    if (!schema.anyOf.some(isNullSchema)) schema.anyOf = [...schema.anyOf, { type: 'null' }];
    return schema;
  }
  const types =
    schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('null')) {
    if (schema.enum !== undefined && !schema.enum.includes(null))
      schema.enum = [...schema.enum, null];
    return schema;
  }
  if (types.includes('object') || types.includes('array') || types.length === 0) {
    const { description, title, ...body } = schema;
    const wrapper: JsonSchema = {};
    if (title !== undefined) wrapper.title = title;
    if (description !== undefined) wrapper.description = description;
    wrapper.anyOf = [body, { type: 'null' }];
    return wrapper;
  }
  schema.type = [...types, 'null'] as JsonSchema['type'];
  if (schema.const !== undefined) {
    schema.enum = [schema.const, null];
    delete schema.const;
  } else if (schema.enum !== undefined) {
    schema.enum = [...schema.enum, null];
  }
  return schema;
}
