import type { Issue } from '../errors/arsenal-error.js';
import type { JsonSchema } from './json-schema.js';
import { type Context, checkNumber, checkString, childPath, report } from './json-schema-checks.js';
import {
  compilePattern,
  deepEqual,
  describeType,
  describeValue,
  isPlainObject,
  matchesType,
} from './json-values.js';
import { resolveLocalRef } from './local-refs.js';

/** What validating a value found: the value when valid, otherwise the issues. */
export interface JsonSchemaValidationResult<T = unknown> {
  valid: boolean;
  /** Every problem found, each located by a JSON pointer (`""` for the root). */
  issues: Issue[];
  /** The value with schema defaults filled in (a copy where defaults were added). */
  value: T;
}

/** Options of the JSON Schema validator. */
export interface JsonSchemaValidatorOptions {
  /** Fill in `default` values for missing properties. Default true. */
  applyDefaults?: boolean;
  /** Stop collecting after this many issues. Default 100. */
  maxIssues?: number;
}

/** Validates values against one JSON Schema; build once, call many times. */
export type JsonSchemaValidator = <T = unknown>(value: unknown) => JsonSchemaValidationResult<T>;

const MAX_DEPTH = 64;

/**
 * Build a validator for the keywords tool schemas use (draft 2020-12, draft-07 accepted).
 *
 * @example
 * const validate = createJsonSchemaValidator({ type: 'object', required: ['city'] });
 * validate({}).issues; // [{ path: '/city', message: 'is required' }]
 */
export function createJsonSchemaValidator(
  schema: JsonSchema | boolean,
  options: JsonSchemaValidatorOptions = {},
): JsonSchemaValidator {
  const root: JsonSchema = typeof schema === 'boolean' ? (schema ? {} : { not: {} }) : schema;
  const applyDefaults = options.applyDefaults ?? true;
  const maxIssues = options.maxIssues ?? 100;
  return <T>(value: unknown) => {
    const context: Context = { root, issues: [], applyDefaults, maxIssues, depth: 0 };
    const output = check(root, value, '', context);
    return { valid: context.issues.length === 0, issues: context.issues, value: output as T };
  };
}

/** Validate one value against a schema (compiles nothing; prefer createJsonSchemaValidator). */
export function validateJsonSchema<T = unknown>(
  schema: JsonSchema | boolean,
  value: unknown,
  options?: JsonSchemaValidatorOptions,
): JsonSchemaValidationResult<T> {
  return createJsonSchemaValidator(schema, options)<T>(value);
}

/** Run a sub-schema in isolation: its issues and output do not touch the parent context. */
function trial(schema: JsonSchema | boolean, value: unknown, path: string, context: Context) {
  const sub: Context = { ...context, issues: [] };
  const output = check(schema, value, path, sub);
  return { ok: sub.issues.length === 0, issues: sub.issues, output };
}

function check(
  schema: JsonSchema | boolean,
  value: unknown,
  path: string,
  context: Context,
): unknown {
  if (schema === true) return value;
  if (schema === false) {
    report(context, path, 'is not allowed here');
    return value;
  }
  if (context.depth > MAX_DEPTH) {
    report(context, path, `schema nesting is deeper than ${MAX_DEPTH} levels (a $ref cycle?)`);
    return value;
  }
  context.depth++;
  try {
    return checkSchema(schema, value, path, context);
  } finally {
    context.depth--;
  }
}

function checkSchema(schema: JsonSchema, value: unknown, path: string, context: Context): unknown {
  let output = value;
  if (typeof schema.$ref === 'string') {
    const target = resolveLocalRef(context.root, schema.$ref);
    if (target === undefined) report(context, path, `cannot resolve $ref "${schema.$ref}"`);
    else output = check(target, output, path, context);
  }
  if (schema.type !== undefined && !matchesType(schema.type, output, schema.nullable === true)) {
    report(context, path, `must be ${describeType(schema.type)}, got ${describeValue(output)}`);
    return output;
  }
  if (schema.enum !== undefined && !schema.enum.some((option) => deepEqual(option, output))) {
    report(context, path, `must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if ('const' in schema && !deepEqual(schema.const, output)) {
    report(context, path, `must be ${JSON.stringify(schema.const)}`);
  }
  if (typeof output === 'string') checkString(schema, output, path, context);
  else if (typeof output === 'number') checkNumber(schema, output, path, context);
  else if (Array.isArray(output)) output = checkArray(schema, output, path, context);
  else if (isPlainObject(output)) output = checkObject(schema, output, path, context);
  return checkCombinators(schema, output, path, context);
}

function checkCombinators(schema: JsonSchema, value: unknown, path: string, context: Context) {
  let output = value;
  if (schema.allOf) for (const sub of schema.allOf) output = check(sub, output, path, context);
  if (schema.anyOf) {
    const trials = schema.anyOf.map((sub) => trial(sub, output, path, context));
    const passed = trials.find((t) => t.ok);
    if (passed) output = passed.output;
    else report(context, path, `must match at least one schema in anyOf (${summarise(trials)})`);
  }
  if (schema.oneOf) {
    const trials = schema.oneOf.map((sub) => trial(sub, output, path, context));
    const passed = trials.filter((t) => t.ok);
    if (passed.length === 1) output = passed[0]!.output;
    else if (passed.length === 0)
      report(context, path, `must match exactly one schema in oneOf (${summarise(trials)})`);
    else
      report(context, path, `must match exactly one schema in oneOf, but matches ${passed.length}`);
  }
  if (schema.not !== undefined && trial(schema.not, output, path, context).ok) {
    report(context, path, 'must not match the schema in "not"');
  }
  const ifSchema = schema.if as JsonSchema | boolean | undefined;
  if (ifSchema !== undefined) {
    const branch = trial(ifSchema, output, path, context).ok ? schema.then : schema.else;
    if (branch !== undefined) output = check(branch as JsonSchema | boolean, output, path, context);
  }
  return output;
}

function summarise(trials: readonly { issues: Issue[] }[]): string {
  return trials
    .map((t, index) => {
      const first = t.issues[0];
      return `#${index}: ${first ? `${first.path || '(root)'} ${first.message}` : 'failed'}`;
    })
    .join('; ');
}

function checkArray(
  schema: JsonSchema,
  value: unknown[],
  path: string,
  context: Context,
): unknown[] {
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    report(context, path, `must have at least ${schema.minItems} items`);
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    report(context, path, `must have at most ${schema.maxItems} items`);
  }
  if (schema.uniqueItems === true) {
    for (let i = 1; i < value.length; i++) {
      const duplicate = value.slice(0, i).findIndex((earlier) => deepEqual(earlier, value[i]));
      if (duplicate >= 0) {
        report(context, childPath(path, i), `duplicates item ${duplicate}; items must be unique`);
      }
    }
  }
  // Draft-07 tuples (`items: [...]`) are treated as 2020-12 `prefixItems`.
  const legacyTuple = Array.isArray(schema.items) ? (schema.items as JsonSchema[]) : undefined;
  const prefix = schema.prefixItems ?? legacyTuple ?? [];
  const rest = legacyTuple
    ? (schema.additionalItems as JsonSchema | boolean | undefined)
    : (schema.items as JsonSchema | boolean | undefined);
  let output = value;
  for (let i = 0; i < value.length; i++) {
    const itemSchema = i < prefix.length ? prefix[i] : rest;
    if (itemSchema === undefined) continue;
    const before = value[i];
    const after = check(itemSchema, before, childPath(path, i), context);
    if (after !== before) {
      if (output === value) output = [...value];
      output[i] = after;
    }
  }
  return output;
}

interface ObjectPlan {
  properties: Record<string, JsonSchema>;
  patterns: [string, JsonSchema | boolean][];
  /** Properties with a default: the default, and whether it is an object to copy per use. */
  defaults: [string, unknown, boolean][];
  /** Pointers of the declared properties when the object is the root (tool arguments are). */
  rootPaths: Map<string, string>;
}

// What an object schema needs on every call, worked out once per schema object.
const objectPlans = new WeakMap<JsonSchema, ObjectPlan>();

function objectPlan(schema: JsonSchema): ObjectPlan {
  let plan = objectPlans.get(schema);
  if (!plan) {
    const properties = schema.properties ?? {};
    const defaults: ObjectPlan['defaults'] = [];
    for (const [key, propertySchema] of Object.entries(properties)) {
      const fallback = propertySchema?.default;
      if (fallback !== undefined)
        defaults.push([key, fallback, typeof fallback === 'object' && fallback !== null]);
    }
    plan = {
      properties,
      patterns: Object.entries(schema.patternProperties ?? {}),
      defaults,
      rootPaths: new Map(Object.keys(properties).map((key) => [key, childPath('', key)])),
    };
    objectPlans.set(schema, plan);
  }
  return plan;
}

function checkObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: string,
  context: Context,
): Record<string, unknown> {
  let output = value;
  const { properties, patterns, defaults, rootPaths } = objectPlan(schema);
  if (schema.required) {
    for (const key of schema.required) {
      if (!(key in value) || value[key] === undefined) {
        const fallback = properties[key]?.default;
        if (!(context.applyDefaults && fallback !== undefined)) {
          report(context, childPath(path, key), 'is required');
        }
      }
    }
  }
  const keys = Object.keys(value);
  if (schema.minProperties !== undefined && keys.length < (schema.minProperties as number)) {
    report(context, path, `must have at least ${schema.minProperties} properties`);
  }
  if (schema.maxProperties !== undefined && keys.length > (schema.maxProperties as number)) {
    report(context, path, `must have at most ${schema.maxProperties} properties`);
  }
  for (const key of keys) {
    const item = value[key];
    if (item === undefined) continue;
    let known = false;
    const propertySchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (propertySchema !== undefined) {
      known = true;
      // A root property's pointer is worked out once per schema, not once per call.
      const at = (path === '' ? rootPaths.get(key) : undefined) ?? childPath(path, key);
      const after = check(propertySchema, item, at, context);
      if (after !== item) {
        if (output === value) output = { ...value };
        output[key] = after;
      }
    }
    for (const [pattern, patternSchema] of patterns) {
      const regex = compilePattern(pattern);
      if (regex?.test(key)) {
        known = true;
        check(patternSchema, item, childPath(path, key), context);
      }
    }
    if (!known && schema.additionalProperties !== undefined) {
      if (schema.additionalProperties === false) {
        const allowed = Object.keys(properties);
        const hint = allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : '';
        report(context, childPath(path, key), `is not an allowed property${hint}`);
      } else if (schema.additionalProperties !== true) {
        const after = check(schema.additionalProperties, item, childPath(path, key), context);
        if (after !== item) {
          if (output === value) output = { ...value };
          output[key] = after;
        }
      }
    }
  }
  if (context.applyDefaults) {
    for (const [key, fallback, copy] of defaults) {
      if (value[key] === undefined) {
        if (output === value) output = { ...value };
        // Only objects need copying: each call gets its own, so a handler cannot change the schema.
        output[key] = copy ? structuredClone(fallback) : fallback;
      }
    }
  }
  return output;
}

export { deepEqual } from './json-values.js';
