import { type JsonSchema, type JsonSchemaType, TranscodeError } from '@arsenal/core';
import { isJsonSchemaObject } from '@arsenal/core/adapter';

const COUNT_KEYWORDS: ReadonlySet<string> = new Set([
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);

const JSON_TYPES: Readonly<Record<string, JsonSchemaType>> = {
  STRING: 'string',
  NUMBER: 'number',
  INTEGER: 'integer',
  BOOLEAN: 'boolean',
  ARRAY: 'array',
  OBJECT: 'object',
  NULL: 'null',
};

function fail(path: string, message: string): TranscodeError {
  return new TranscodeError(
    'gemini',
    `Cannot decode a Gemini schema: value at "${path || '/'}" ${message}.`,
  );
}

/**
 * Convert a Gemini Schema (either type-name case) back to JSON Schema: `nullable` → a `null`
 * type, string counts → numbers, `format: "enum"` numbers → numeric enums, `example` →
 * `examples`, `propertyOrdering` → the order of `properties`. Unknown keywords pass through.
 */
export function fromGeminiSchema(schema: unknown, path = ''): JsonSchema {
  if (!isJsonSchemaObject(schema)) throw fail(path, 'is not a schema object');
  const out: JsonSchema = {};
  let type: JsonSchemaType | undefined;
  for (const [keyword, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    switch (keyword) {
      case 'type': {
        if (typeof value !== 'string')
          throw fail(`${path}/type`, 'must be a type name such as "STRING"');
        const upper = value.toUpperCase();
        if (upper === 'TYPE_UNSPECIFIED') break;
        type = JSON_TYPES[upper];
        if (type === undefined) throw fail(`${path}/type`, `has the unknown type "${value}"`);
        out.type = type;
        break;
      }
      case 'properties': {
        if (!isJsonSchemaObject(value))
          throw fail(`${path}/properties`, 'must map names to schemas');
        out.properties = orderedProperties(value, schema.propertyOrdering, path);
        break;
      }
      case 'items':
        out.items = fromGeminiSchema(value, `${path}/items`);
        break;
      case 'anyOf':
        if (!Array.isArray(value)) throw fail(`${path}/anyOf`, 'must be an array of schemas');
        out.anyOf = value.map((member, index) =>
          fromGeminiSchema(member, `${path}/anyOf/${index}`),
        );
        break;
      case 'example':
        out.examples = [value];
        break;
      case 'nullable':
      case 'propertyOrdering':
        break;
      default:
        out[keyword] =
          COUNT_KEYWORDS.has(keyword) && typeof value === 'string'
            ? toCount(value, `${path}/${keyword}`)
            : value;
    }
  }
  if ((type === 'integer' || type === 'number') && Array.isArray(out.enum)) {
    out.enum = out.enum.map((value) =>
      typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : value,
    );
  }
  if (out.format === 'enum') delete out.format;
  if (schema.nullable === true) addNull(out);
  return out;
}

function orderedProperties(
  properties: Record<string, unknown>,
  ordering: unknown,
  path: string,
): Record<string, JsonSchema> {
  const names = Object.keys(properties);
  const ordered = Array.isArray(ordering)
    ? [
        ...ordering.filter(
          (name): name is string => typeof name === 'string' && names.includes(name),
        ),
        ...names.filter((name) => !ordering.includes(name)),
      ]
    : names;
  const result: Record<string, JsonSchema> = {};
  for (const name of ordered)
    result[name] = fromGeminiSchema(properties[name], `${path}/properties/${name}`);
  return result;
}

function toCount(value: string, path: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) throw fail(path, `is "${value}", not a whole number`);
  return count;
}

function addNull(schema: JsonSchema): void {
  if (schema.anyOf !== undefined) {
    schema.anyOf = [...schema.anyOf, { type: 'null' }];
    return;
  }
  if (typeof schema.type === 'string' && schema.type !== 'null')
    schema.type = [schema.type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
}
