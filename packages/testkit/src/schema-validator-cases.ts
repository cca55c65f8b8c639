// JSON Schema keyword cases for the SchemaValidator conformance suite, one group per keyword tool
// schemas use, shaped like the JSON-Schema-Test-Suite's (a schema, then values and whether each
// is valid). Written for this suite: each value is one a model or a caller could plausibly send.

/** One value of a keyword case: whether it is valid, and where an issue must point if not. */
export interface SchemaTest {
  description: string;
  data: unknown;
  valid: boolean;
  /** A JSON Pointer that one of the issues must carry when the value is invalid. */
  path?: string;
}

/**
 * A schema and the values it must accept or refuse. The schema is any JSON object (a draft-07
 * tuple or a draft-04 bound is not a `JsonSchema` as core types it, yet tools send them).
 */
export interface SchemaKeywordCase {
  asserts: string;
  schema: Readonly<Record<string, unknown>> | boolean;
  tests: readonly SchemaTest[];
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const tree = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    children: { type: 'array', items: { $ref: '#' } },
  },
  required: ['name'],
};

/** Keywords core's validator claims to support (see createJsonSchemaValidator). */
export const SUPPORTED_KEYWORD_CASES = {
  'type/string': {
    asserts: 'type string accepts strings only',
    schema: { type: 'string' },
    tests: [
      { description: 'a string', data: 'Oslo', valid: true },
      { description: 'a number', data: 1, valid: false, path: '' },
      { description: 'null', data: null, valid: false, path: '' },
    ],
  },
  'type/number': {
    asserts: 'type number accepts integers and fractions, not numeric strings',
    schema: { type: 'number' },
    tests: [
      { description: 'a fraction', data: 1.5, valid: true },
      { description: 'an integer', data: 3, valid: true },
      { description: 'a numeric string', data: '3', valid: false, path: '' },
    ],
  },
  'type/integer': {
    asserts: 'type integer accepts whole numbers (1.0 included), not fractions',
    schema: { type: 'integer' },
    tests: [
      { description: 'an integer', data: 7, valid: true },
      { description: '1.0, the same number as 1', data: 1.0, valid: true },
      { description: 'a fraction', data: 1.5, valid: false, path: '' },
      { description: 'a boolean', data: true, valid: false, path: '' },
    ],
  },
  'type/boolean': {
    asserts: 'type boolean accepts true and false, not "true" or 0',
    schema: { type: 'boolean' },
    tests: [
      { description: 'false', data: false, valid: true },
      { description: 'the string "true"', data: 'true', valid: false, path: '' },
      { description: 'zero', data: 0, valid: false, path: '' },
    ],
  },
  'type/null': {
    asserts: 'type null accepts null only',
    schema: { type: 'null' },
    tests: [
      { description: 'null', data: null, valid: true },
      { description: 'an empty string', data: '', valid: false, path: '' },
    ],
  },
  'type/object': {
    asserts: 'type object accepts objects, not arrays or null',
    schema: { type: 'object' },
    tests: [
      { description: 'an object', data: { a: 1 }, valid: true },
      { description: 'an array', data: [], valid: false, path: '' },
      { description: 'null', data: null, valid: false, path: '' },
    ],
  },
  'type/array': {
    asserts: 'type array accepts arrays, not objects',
    schema: { type: 'array' },
    tests: [
      { description: 'an array', data: [1, 'a'], valid: true },
      { description: 'an object with numeric keys', data: { 0: 'a' }, valid: false, path: '' },
    ],
  },
  'type/list': {
    asserts: 'a list of types accepts any of them',
    schema: { type: ['string', 'null'] },
    tests: [
      { description: 'a string', data: 'x', valid: true },
      { description: 'null', data: null, valid: true },
      { description: 'a number', data: 1, valid: false, path: '' },
    ],
  },
  'type/nested-path': {
    asserts: 'a wrong type deep inside points at the value',
    schema: {
      type: 'object',
      properties: {
        address: { type: 'object', properties: { zip: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
    tests: [
      { description: 'all right', data: { address: { zip: '0150' }, tags: ['a'] }, valid: true },
      {
        description: 'a nested property',
        data: { address: { zip: 150 } },
        valid: false,
        path: '/address/zip',
      },
      { description: 'an array item', data: { tags: ['a', 2] }, valid: false, path: '/tags/1' },
    ],
  },
  enum: {
    asserts: 'enum accepts the listed values only, compared as JSON',
    schema: { enum: ['metric', 'imperial', 1, null, { a: [1] }] },
    tests: [
      { description: 'a listed string', data: 'imperial', valid: true },
      { description: 'null, listed', data: null, valid: true },
      { description: 'an equal object', data: { a: [1] }, valid: true },
      { description: 'a different case', data: 'Metric', valid: false, path: '' },
      { description: '"1" for 1', data: '1', valid: false, path: '' },
    ],
  },
  const: {
    asserts: 'const accepts one value, compared as JSON',
    schema: { const: { kind: 'fixed', at: [1, 2] } },
    tests: [
      { description: 'an equal value', data: { at: [1, 2], kind: 'fixed' }, valid: true },
      { description: 'a different item', data: { kind: 'fixed', at: [2, 1] }, valid: false },
    ],
  },
  properties: {
    asserts: 'properties check each named property present, and leave others alone',
    schema: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
    },
    tests: [
      { description: 'both right', data: { city: 'Oslo', days: 3 }, valid: true },
      { description: 'an unlisted property', data: { country: 'NO' }, valid: true },
      { description: 'one wrong', data: { city: 'Oslo', days: '3' }, valid: false, path: '/days' },
    ],
  },
  required: {
    asserts: 'required names the missing property in the issue path',
    schema: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city', 'a/b', 'm~n'],
    },
    tests: [
      { description: 'all there', data: { city: 'Oslo', 'a/b': 1, 'm~n': 2 }, valid: true },
      { description: 'city missing', data: { 'a/b': 1, 'm~n': 2 }, valid: false, path: '/city' },
      {
        description: 'a key with a slash, escaped as ~1',
        data: { city: 'Oslo', 'm~n': 2 },
        valid: false,
        path: '/a~1b',
      },
      {
        description: 'a key with a tilde, escaped as ~0',
        data: { city: 'Oslo', 'a/b': 1 },
        valid: false,
        path: '/m~0n',
      },
    ],
  },
  'additionalProperties/false': {
    asserts: 'additionalProperties false refuses unlisted properties, pointing at each',
    schema: {
      type: 'object',
      properties: { city: { type: 'string' } },
      patternProperties: { '^x-': {} },
      additionalProperties: false,
    },
    tests: [
      { description: 'listed only', data: { city: 'Oslo' }, valid: true },
      { description: 'a pattern property', data: { 'x-trace': 1 }, valid: true },
      { description: 'a typo', data: { cty: 'Oslo' }, valid: false, path: '/cty' },
    ],
  },
  'additionalProperties/schema': {
    asserts: 'additionalProperties as a schema checks every unlisted property',
    schema: {
      type: 'object',
      properties: { id: { type: 'string' } },
      additionalProperties: { type: 'number' },
    },
    tests: [
      { description: 'numbers beside id', data: { id: 'a', width: 2, height: 3 }, valid: true },
      { description: 'a string extra', data: { id: 'a', width: 'wide' }, valid: false },
    ],
  },
  patternProperties: {
    asserts: 'patternProperties check every property whose name matches',
    schema: { type: 'object', patternProperties: { '^num_': { type: 'number' } } },
    tests: [
      { description: 'matching and numeric', data: { num_a: 1, other: 'x' }, valid: true },
      { description: 'matching, not numeric', data: { num_a: 'one' }, valid: false },
    ],
  },
  'minProperties-maxProperties': {
    asserts: 'minProperties and maxProperties bound the number of properties',
    schema: { type: 'object', minProperties: 1, maxProperties: 2 },
    tests: [
      { description: 'one', data: { a: 1 }, valid: true },
      { description: 'none', data: {}, valid: false, path: '' },
      { description: 'three', data: { a: 1, b: 2, c: 3 }, valid: false, path: '' },
    ],
  },
  items: {
    asserts: 'items checks every item',
    schema: { type: 'array', items: { type: 'integer' } },
    tests: [
      { description: 'integers', data: [1, 2, 3], valid: true },
      { description: 'empty', data: [], valid: true },
      { description: 'a string among them', data: [1, 'two', 3], valid: false, path: '/1' },
    ],
  },
  prefixItems: {
    asserts: 'prefixItems (2020-12 tuples) check items by position; items the rest',
    schema: {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    },
    tests: [
      { description: 'a pair', data: ['lat', 59.9], valid: true },
      { description: 'a short tuple', data: ['lat'], valid: true },
      { description: 'swapped', data: [59.9, 'lat'], valid: false, path: '/0' },
      { description: 'an extra item', data: ['lat', 59.9, 1], valid: false },
    ],
  },
  'items/draft-07-tuple': {
    asserts: 'draft-07 tuples (items as an array, additionalItems) declared with $schema',
    schema: {
      $schema: DRAFT_07,
      type: 'array',
      items: [{ type: 'string' }, { type: 'number' }],
      additionalItems: false,
    },
    tests: [
      { description: 'a pair', data: ['lat', 59.9], valid: true },
      { description: 'swapped', data: [59.9, 'lat'], valid: false, path: '/0' },
      { description: 'an extra item', data: ['lat', 59.9, 1], valid: false },
    ],
  },
  'items/tuple-without-$schema': {
    asserts: 'a tuple written as items: [...] with no $schema (as imported tools send them)',
    schema: {
      type: 'array',
      items: [{ type: 'string' }, { type: 'boolean' }],
      additionalItems: { type: 'integer' },
    },
    tests: [
      { description: 'a pair and integers', data: ['a', true, 1, 2], valid: true },
      { description: 'a wrong second item', data: ['a', 'b'], valid: false, path: '/1' },
      { description: 'a fraction after', data: ['a', true, 1.5], valid: false, path: '/2' },
    ],
  },
  'minItems-maxItems': {
    asserts: 'minItems and maxItems bound the length',
    schema: { type: 'array', minItems: 1, maxItems: 3 },
    tests: [
      { description: 'one', data: [1], valid: true },
      { description: 'none', data: [], valid: false, path: '' },
      { description: 'four', data: [1, 2, 3, 4], valid: false, path: '' },
    ],
  },
  uniqueItems: {
    asserts: 'uniqueItems refuses items equal as JSON',
    schema: { type: 'array', uniqueItems: true },
    tests: [
      { description: 'distinct', data: [1, '1', { a: 1 }, { a: 2 }], valid: true },
      { description: 'equal numbers', data: [1, 2, 1], valid: false },
      {
        description: 'equal objects, keys reordered',
        data: [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
        valid: false,
      },
    ],
  },
  'minLength-maxLength': {
    asserts: 'minLength and maxLength count characters (code points), not UTF-16 units',
    schema: { type: 'string', minLength: 2, maxLength: 3 },
    tests: [
      { description: 'two letters', data: 'ab', valid: true },
      { description: 'three emoji (six UTF-16 units)', data: '😀😀😀', valid: true },
      { description: 'one emoji (two UTF-16 units)', data: '😀', valid: false, path: '' },
      { description: 'four letters', data: 'abcd', valid: false, path: '' },
    ],
  },
  pattern: {
    asserts: 'pattern is a regular expression searched anywhere unless anchored',
    schema: {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' }, note: { pattern: 'ok' } },
    },
    tests: [
      { description: 'three capitals', data: { code: 'NOK' }, valid: true },
      { description: 'unanchored match inside', data: { note: 'is ok here' }, valid: true },
      { description: 'lower case', data: { code: 'nok' }, valid: false, path: '/code' },
      { description: 'not a string: pattern ignores it', data: { note: 12 }, valid: true },
    ],
  },
  'pattern/unicode': {
    asserts: 'patterns are Unicode-aware (\\p{L} matches letters of any script)',
    schema: { type: 'string', pattern: '^\\p{L}+$' },
    tests: [
      { description: 'Norwegian letters', data: 'Ærøskøbing', valid: true },
      { description: 'digits', data: '123', valid: false, path: '' },
    ],
  },
  'format/date-time': {
    asserts: 'format date-time is RFC 3339 with a time zone and a real date',
    schema: { type: 'string', format: 'date-time' },
    tests: [
      { description: 'UTC', data: '2024-02-29T12:00:00Z', valid: true },
      { description: 'an offset, fractions', data: '2024-06-01T08:30:15.25+02:00', valid: true },
      { description: 'no leap day in 2023', data: '2023-02-29T12:00:00Z', valid: false },
      { description: 'words', data: 'tomorrow at noon', valid: false },
    ],
  },
  'format/date': {
    asserts: 'format date is a full date that exists',
    schema: { type: 'string', format: 'date' },
    tests: [
      { description: 'a date', data: '2025-12-31', valid: true },
      { description: 'month 13', data: '2025-13-01', valid: false },
      { description: 'day first', data: '31-12-2025', valid: false },
    ],
  },
  'format/time': {
    asserts: 'format time is a time of day with a time zone',
    schema: { type: 'string', format: 'time' },
    tests: [
      { description: 'UTC', data: '12:30:00Z', valid: true },
      { description: 'hour 25', data: '25:00:00Z', valid: false },
      { description: 'a word', data: 'noon', valid: false },
    ],
  },
  'format/email': {
    asserts: 'format email is an address with a domain',
    schema: { type: 'string', format: 'email' },
    tests: [
      { description: 'an address', data: 'kari.nordmann@example.no', valid: true },
      { description: 'no @', data: 'kari.nordmann', valid: false },
      { description: 'a space', data: 'kari nordmann@example.no', valid: false },
    ],
  },
  'format/uri': {
    asserts: 'format uri needs a scheme',
    schema: { type: 'string', format: 'uri' },
    tests: [
      { description: 'https', data: 'https://example.com/a?b=1#c', valid: true },
      { description: 'mailto', data: 'mailto:kari@example.no', valid: true },
      { description: 'no scheme', data: 'example.com/a', valid: false },
    ],
  },
  'format/uuid': {
    asserts: 'format uuid is 8-4-4-4-12 hexadecimal digits',
    schema: { type: 'string', format: 'uuid' },
    tests: [
      { description: 'a uuid', data: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', valid: true },
      { description: 'too short', data: '3f2b8c1e-9a4d-4e6f-8b2a', valid: false },
      {
        description: 'not hexadecimal',
        data: 'zf2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
        valid: false,
      },
    ],
  },
  'format/ipv4': {
    asserts: 'format ipv4 is four octets of at most 255',
    schema: { type: 'string', format: 'ipv4' },
    tests: [
      { description: 'an address', data: '192.168.10.1', valid: true },
      { description: 'an octet over 255', data: '192.168.10.256', valid: false },
      { description: 'three octets', data: '192.168.10', valid: false },
    ],
  },
  'format/hostname': {
    asserts: 'format hostname is dot-separated labels without spaces or leading hyphens',
    schema: { type: 'string', format: 'hostname' },
    tests: [
      { description: 'a host', data: 'api.example.com', valid: true },
      { description: 'a space', data: 'api example.com', valid: false },
      { description: 'a leading hyphen', data: '-api.example.com', valid: false },
    ],
  },
  'format/unknown': {
    asserts: 'an unknown format is not checked (JSON Schema makes formats optional)',
    schema: { type: 'string', format: 'x-vendor-thing' },
    tests: [{ description: 'anything', data: 'anything', valid: true }],
  },
  'minimum-maximum': {
    asserts: 'minimum and maximum are inclusive bounds',
    schema: { minimum: 1, maximum: 10 },
    tests: [
      { description: 'the lower bound', data: 1, valid: true },
      { description: 'the upper bound', data: 10, valid: true },
      { description: 'below', data: 0.5, valid: false, path: '' },
      { description: 'above', data: 11, valid: false, path: '' },
      { description: 'not a number: ignored', data: 'eleven', valid: true },
    ],
  },
  'exclusiveMinimum-exclusiveMaximum': {
    asserts: 'exclusiveMinimum and exclusiveMaximum (numbers, draft-06 on) are strict bounds',
    schema: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    tests: [
      { description: 'inside', data: 0.5, valid: true },
      { description: 'the lower bound', data: 0, valid: false, path: '' },
      { description: 'the upper bound', data: 1, valid: false, path: '' },
    ],
  },
  'exclusive-bounds/draft-04-booleans': {
    asserts: 'exclusiveMinimum: true beside minimum (draft-04, OpenAPI 3.0) makes the bound strict',
    schema: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1 },
    tests: [
      { description: 'inside', data: 0.5, valid: true },
      { description: 'the upper bound, inclusive', data: 1, valid: true },
      { description: 'the lower bound, exclusive', data: 0, valid: false, path: '' },
    ],
  },
  multipleOf: {
    asserts: 'multipleOf accepts exact multiples, decimal steps included (19.99 of 0.01)',
    schema: {
      type: 'object',
      properties: { step: { multipleOf: 5 }, price: { multipleOf: 0.01 } },
    },
    tests: [
      { description: 'a multiple of 5', data: { step: 15 }, valid: true },
      { description: 'cents', data: { price: 19.99 }, valid: true },
      { description: 'more cents', data: { price: 0.07 }, valid: true },
      { description: 'not a multiple', data: { step: 7 }, valid: false, path: '/step' },
      { description: 'a tenth of a cent', data: { price: 19.999 }, valid: false, path: '/price' },
    ],
  },
  anyOf: {
    asserts: 'anyOf accepts a value matching one or more of the schemas',
    schema: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'number' }] },
    tests: [
      { description: 'a short string', data: 'abc', valid: true },
      { description: 'a number', data: 4, valid: true },
      { description: 'a long string', data: 'abcd', valid: false, path: '' },
      { description: 'a boolean', data: true, valid: false, path: '' },
    ],
  },
  oneOf: {
    asserts: 'oneOf accepts a value matching exactly one of the schemas',
    schema: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 10 }] },
    tests: [
      { description: 'a small integer (first only)', data: 3, valid: true },
      { description: 'a large fraction (second only)', data: 10.5, valid: true },
      { description: 'a large integer (both)', data: 12, valid: false, path: '' },
      { description: 'a small fraction (neither)', data: 2.5, valid: false, path: '' },
    ],
  },
  allOf: {
    asserts: 'allOf needs every schema to match',
    schema: {
      allOf: [
        { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        { properties: { days: { type: 'integer', maximum: 14 } } },
      ],
    },
    tests: [
      { description: 'both', data: { city: 'Oslo', days: 3 }, valid: true },
      {
        description: 'second fails',
        data: { city: 'Oslo', days: 30 },
        valid: false,
        path: '/days',
      },
      { description: 'first fails', data: { days: 3 }, valid: false, path: '/city' },
    ],
  },
  not: {
    asserts: 'not refuses what its schema accepts',
    schema: { type: 'string', not: { enum: ['root', 'admin'] } },
    tests: [
      { description: 'another name', data: 'kari', valid: true },
      { description: 'a refused name', data: 'root', valid: false, path: '' },
    ],
  },
  'if-then-else': {
    asserts: 'if chooses then or else',
    schema: {
      type: 'object',
      properties: { kind: { enum: ['email', 'sms'] } },
      if: { properties: { kind: { const: 'email' } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
      then: { required: ['address'] },
      else: { required: ['phone'] },
    },
    tests: [
      {
        description: 'email with address',
        data: { kind: 'email', address: 'a@b.no' },
        valid: true,
      },
      { description: 'sms with phone', data: { kind: 'sms', phone: '+47' }, valid: true },
      {
        description: 'email without address',
        data: { kind: 'email' },
        valid: false,
        path: '/address',
      },
      { description: 'sms without phone', data: { kind: 'sms' }, valid: false, path: '/phone' },
    ],
  },
  'ref/$defs': {
    asserts: '$ref to #/$defs/... checks the referenced schema',
    schema: {
      type: 'object',
      properties: { from: { $ref: '#/$defs/place' }, to: { $ref: '#/$defs/place' } },
      $defs: {
        place: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    },
    tests: [
      {
        description: 'both places',
        data: { from: { city: 'Oslo' }, to: { city: 'Rome' } },
        valid: true,
      },
      {
        description: 'a place without city',
        data: { from: { city: 'Oslo' }, to: {} },
        valid: false,
        path: '/to/city',
      },
    ],
  },
  'ref/definitions': {
    asserts: '$ref to #/definitions/... (draft-07 spelling) checks the referenced schema',
    schema: {
      type: 'object',
      properties: { size: { $ref: '#/definitions/size' } },
      definitions: { size: { enum: ['S', 'M', 'L'] } },
    },
    tests: [
      { description: 'a size', data: { size: 'M' }, valid: true },
      { description: 'another size', data: { size: 'XL' }, valid: false, path: '/size' },
    ],
  },
  'ref/recursive': {
    asserts: 'a recursive $ref ("#") checks a tree to any depth',
    schema: tree,
    tests: [
      {
        description: 'a tree',
        data: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] },
        valid: true,
      },
      {
        description: 'a grandchild without a name',
        data: { name: 'a', children: [{ name: 'b', children: [{}] }] },
        valid: false,
        path: '/children/0/children/0/name',
      },
    ],
  },
  'boolean-schemas': {
    asserts: 'true and false as sub-schemas accept anything and nothing',
    schema: { type: 'object', properties: { legacy: false, anything: true } },
    tests: [
      { description: 'anything goes', data: { anything: { deep: [1] } }, valid: true },
      { description: 'a forbidden property', data: { legacy: 1 }, valid: false, path: '/legacy' },
    ],
  },
  'boolean-schemas/root-false': {
    asserts: 'the schema false refuses every value',
    schema: false,
    tests: [
      { description: 'an empty object', data: {}, valid: false, path: '' },
      { description: 'null', data: null, valid: false, path: '' },
    ],
  },
  'boolean-schemas/root-true': {
    asserts: 'the schema true accepts every value',
    schema: true,
    tests: [
      { description: 'an object', data: { a: 1 }, valid: true },
      { description: 'null', data: null, valid: true },
    ],
  },
  nullable: {
    asserts: 'nullable: true beside a type (OpenAPI 3.0) also accepts null',
    schema: {
      type: 'object',
      properties: { note: { type: 'string', nullable: true }, count: { type: 'integer' } },
    },
    tests: [
      { description: 'a string', data: { note: 'x' }, valid: true },
      { description: 'null where nullable', data: { note: null }, valid: true },
      { description: 'null elsewhere', data: { count: null }, valid: false, path: '/count' },
    ],
  },
  'annotations-ignored': {
    asserts: 'annotations and vendor keywords (title, examples, x-*) change nothing',
    schema: {
      type: 'object',
      title: 'Search',
      description: 'Search request',
      examples: [{ q: 'a' }],
      'x-order': 1,
      properties: { q: { type: 'string', deprecated: true, readOnly: false, 'x-hint': 'a' } },
    },
    tests: [
      { description: 'a query', data: { q: 'weather' }, valid: true },
      { description: 'a wrong type', data: { q: 1 }, valid: false, path: '/q' },
    ],
  },
} satisfies Record<string, SchemaKeywordCase>;

/**
 * Keywords of JSON Schema 2020-12 that tool schemas rarely use and core's validator does not
 * implement: in the suite so that validators which do are shown to, and core's skips are listed.
 */
export const FURTHER_KEYWORD_CASES = {
  contains: {
    asserts: 'contains needs at least one item to match',
    schema: { type: 'array', contains: { const: 'admin' } },
    tests: [
      { description: 'holds admin', data: ['user', 'admin'], valid: true },
      { description: 'no admin', data: ['user'], valid: false, path: '' },
    ],
  },
  propertyNames: {
    asserts: 'propertyNames checks every property name',
    schema: { type: 'object', propertyNames: { pattern: '^[a-z_]+$' } },
    tests: [
      { description: 'snake case', data: { city_name: 1 }, valid: true },
      { description: 'camel case', data: { cityName: 1 }, valid: false },
    ],
  },
  dependentRequired: {
    asserts: 'dependentRequired: one property present needs others',
    schema: { type: 'object', dependentRequired: { card: ['expiry'] } },
    tests: [
      { description: 'card and expiry', data: { card: '4', expiry: '12/30' }, valid: true },
      { description: 'neither', data: {}, valid: true },
      { description: 'card alone', data: { card: '4' }, valid: false, path: '/expiry' },
    ],
  },
  unevaluatedProperties: {
    asserts: 'unevaluatedProperties: false refuses properties no sub-schema declared',
    schema: {
      type: 'object',
      allOf: [{ properties: { city: { type: 'string' } } }],
      unevaluatedProperties: false,
    },
    tests: [
      { description: 'declared in allOf', data: { city: 'Oslo' }, valid: true },
      { description: 'undeclared', data: { town: 'Oslo' }, valid: false },
    ],
  },
} satisfies Record<string, SchemaKeywordCase>;
