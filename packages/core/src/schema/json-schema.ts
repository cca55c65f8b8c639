/** A JSON Schema object as tools carry it (draft 2020-12 keywords; draft-07 accepted). */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  type?: JsonSchemaType | readonly JsonSchemaType[];
  title?: string;
  description?: string;
  default?: unknown;
  examples?: readonly unknown[];
  enum?: readonly unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema | boolean;
  prefixItems?: readonly JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  not?: JsonSchema;
  nullable?: boolean;
  [keyword: string]: unknown;
}

/** A JSON Schema `type` name. */
export type JsonSchemaType =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'object'
  | 'array'
  | 'null';

/** The schema of a tool that takes no arguments. */
export const EMPTY_OBJECT_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  properties: {},
}) as JsonSchema;

/** Whether `value` can be a JSON Schema object: a non-null object that is not an array. */
export function isJsonSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type PrimitiveOf<T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : unknown;

type RequiredKeys<S> = S extends { required: readonly (infer K)[] } ? K & string : never;

type ObjectOf<S> = S extends { properties: infer P }
  ? Simplify<
      {
        -readonly [K in keyof P as K extends RequiredKeys<S> ? K : never]: FromJsonSchema<P[K]>;
      } & {
        -readonly [K in keyof P as K extends RequiredKeys<S> ? never : K]?: FromJsonSchema<P[K]>;
      }
    >
  : Record<string, unknown>;

/**
 * The TypeScript type a JSON Schema written `as const` describes (type, properties, required,
 * items, enum, const, anyOf/oneOf). Anything it cannot follow becomes `unknown`.
 */
export type FromJsonSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { anyOf: readonly (infer A)[] }
      ? FromJsonSchema<A>
      : S extends { oneOf: readonly (infer A)[] }
        ? FromJsonSchema<A>
        : S extends { type: 'object' }
          ? ObjectOf<S>
          : S extends { type: 'array'; items: infer I }
            ? FromJsonSchema<I>[]
            : S extends { type: 'array' }
              ? unknown[]
              : S extends { type: readonly (infer T)[] }
                ? PrimitiveOf<T>
                : S extends { type: infer T }
                  ? PrimitiveOf<T>
                  : S extends { properties: object }
                    ? ObjectOf<S>
                    : unknown;
