import {
  InvalidArgumentError,
  type Issue,
  type JsonSchema,
  type SchemaValidator,
} from '@arsenal/core';
import { escapeJsonPointer, type JsonSchemaValidator } from '@arsenal/core/adapter';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';

export interface AjvSchemaValidatorOptions {
  /**
   * Ajv options, laid over this package's: `allErrors`, `useDefaults`, `strict: false` (tool
   * schemas carry vendor keywords), `logger: false`, `multipleOfPrecision: 9`.
   */
  ajv?: Options;
  /** Check `format` (date-time, email, uri, uuid, ipv4, hostname...) with ajv-formats. Default true. */
  formats?: boolean;
  /** Report at most this many issues per value. Default 100, as core's validator. */
  maxIssues?: number;
}

type AjvInstance = Ajv | Ajv2020;

// What the validator needs to know of a schema before compiling it, found in one walk.
interface PreparedSchema {
  schema: JsonSchema | boolean;
  /** The schema declares draft-07 or earlier through `$schema`. */
  legacyDraft: boolean;
  /** Some sub-schema has a `default`: values are copied before ajv fills them in. */
  hasDefaults: boolean;
}

const LEGACY_DRAFT = /json-schema\.org\/(draft-0[3-7])\/schema/;

// ajv-formats is CommonJS: under ESM its plugin is the module itself, under some bundlers `.default`.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ??
  formatsModule) as unknown as (ajv: AjvInstance) => void;

/**
 * A copy of `schema` that ajv reads the way core's validator does: draft-04 boolean
 * `exclusiveMinimum`/`exclusiveMaximum` (OpenAPI 3.0) become the numeric form, and, outside
 * draft-07 mode, draft-07 tuples (`items: [...]`, `additionalItems`) become `prefixItems`/`items`.
 * The root `$schema` and `$id` are dropped: the draft is chosen here, and a tool's `$id` must not
 * clash with another tool's in the shared ajv instance.
 */
function prepare(schema: JsonSchema | boolean): PreparedSchema {
  if (typeof schema === 'boolean') return { schema, legacyDraft: false, hasDefaults: false };
  const legacyDraft = typeof schema.$schema === 'string' && LEGACY_DRAFT.test(schema.$schema);
  let hasDefaults = false;
  const visit = (value: unknown, depth: number): unknown => {
    if (depth > 256 || typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => visit(item, depth + 1));
    const source = value as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(source)) copy[key] = visit(item, depth + 1);
    if ('default' in source) hasDefaults = true;
    for (const [exclusive, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof copy[exclusive] !== 'boolean' || typeof copy[bound] !== 'number') continue;
      if (copy[exclusive] === true) {
        copy[exclusive] = copy[bound];
        delete copy[bound];
      } else delete copy[exclusive];
    }
    if (!legacyDraft && Array.isArray(copy.items)) {
      copy.prefixItems = copy.items;
      if ('additionalItems' in copy) copy.items = copy.additionalItems;
      else delete copy.items;
      delete copy.additionalItems;
    }
    return copy;
  };
  const prepared = visit(schema, 0) as Record<string, unknown>;
  delete prepared.$schema;
  delete prepared.$id;
  return { schema: prepared as JsonSchema, legacyDraft, hasDefaults };
}

/** One ajv error as core's Issue: a JSON Pointer to the value at fault and what is wrong. */
function toIssue(error: ErrorObject): Issue {
  const params = error.params as Record<string, unknown>;
  const at = (key: unknown) => `${error.instancePath}/${escapeJsonPointer(String(key))}`;
  switch (error.keyword) {
    case 'required':
      return { path: at(params.missingProperty), message: 'is required' };
    case 'dependentRequired':
      return {
        path: at(params.missingProperty),
        message: `is required when "${String(params.property)}" is present`,
      };
    case 'additionalProperties':
      return { path: at(params.additionalProperty), message: 'is not an allowed property' };
    case 'unevaluatedProperties':
      return { path: at(params.unevaluatedProperty), message: 'is not an allowed property' };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((value) => JSON.stringify(value));
      return { path: error.instancePath, message: `must be one of ${allowed.join(', ')}` };
    }
    case 'const':
      return {
        path: error.instancePath,
        message: `must be ${JSON.stringify(params.allowedValue)}`,
      };
    case 'uniqueItems':
      return { path: at(params.i), message: `duplicates item ${params.j}; items must be unique` };
    default:
      return { path: error.instancePath, message: error.message ?? `fails "${error.keyword}"` };
  }
}

function toIssues(errors: readonly ErrorObject[], maxIssues: number): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (issues.length >= maxIssues) break;
    const issue = toIssue(error);
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Validates tool arguments with Ajv: JSON Schema 2020-12 by default, draft-07 when a schema
 * declares it with `$schema`. Schemas compile once per tool (on its first call); issues keep
 * core's shape, so error messages name the property at fault as core's validator does.
 */
export class AjvSchemaValidator implements SchemaValidator {
  readonly name = 'ajv';
  readonly #options: Options;
  readonly #formats: boolean;
  readonly #maxIssues: number;
  #modern: AjvInstance | undefined;
  #legacy: AjvInstance | undefined;

  constructor(options: AjvSchemaValidatorOptions = {}) {
    const maxIssues = options.maxIssues ?? 100;
    if (!Number.isInteger(maxIssues) || maxIssues < 1) {
      throw new InvalidArgumentError(
        `createAjvSchemaValidator: maxIssues must be a whole number of at least 1, got ${String(options.maxIssues)}.`,
      );
    }
    this.#maxIssues = maxIssues;
    this.#formats = options.formats ?? true;
    this.#options = {
      allErrors: true,
      useDefaults: true,
      strict: false,
      logger: false,
      multipleOfPrecision: 9,
      ...options.ajv,
    };
  }

  compile(schema: JsonSchema | boolean): JsonSchemaValidator {
    if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null)) {
      throw new InvalidArgumentError(
        `ajv can compile a JSON Schema object or a boolean, got ${schema === null ? 'null' : typeof schema}.`,
      );
    }
    const prepared = prepare(schema);
    const validate = this.#compilePrepared(prepared);
    const maxIssues = this.#maxIssues;
    return <T>(value: unknown) => {
      // ajv writes defaults into the value it checks: give it a copy, never the caller's object.
      const checked = prepared.hasDefaults ? structuredClone(value) : value;
      if (validate(checked) === true) return { valid: true, issues: [], value: checked as T };
      const issues = toIssues(validate.errors ?? [], maxIssues);
      if (issues.length === 0) issues.push({ path: '', message: 'does not match the schema' });
      return { valid: false, issues, value: checked as T };
    };
  }

  #compilePrepared(prepared: PreparedSchema): ValidateFunction {
    const instance = prepared.legacyDraft ? this.#legacyInstance() : this.#modernInstance();
    try {
      return instance.compile(prepared.schema);
    } catch (error) {
      // A nested $id another tool's schema already registered: compile this one on its own.
      if (/already exists/.test(describe(error))) {
        try {
          return this.#newInstance(prepared.legacyDraft).compile(prepared.schema);
        } catch (again) {
          throw this.#refusal(again);
        }
      }
      throw this.#refusal(error);
    }
  }

  #refusal(error: unknown): InvalidArgumentError {
    return new InvalidArgumentError(`ajv cannot compile this schema: ${describe(error)}`, {
      cause: error,
    });
  }

  #modernInstance(): AjvInstance {
    this.#modern ??= this.#newInstance(false);
    return this.#modern;
  }

  #legacyInstance(): AjvInstance {
    this.#legacy ??= this.#newInstance(true);
    return this.#legacy;
  }

  #newInstance(legacyDraft: boolean): AjvInstance {
    const instance = legacyDraft ? new Ajv(this.#options) : new Ajv2020(this.#options);
    if (this.#formats) addFormats(instance);
    return instance;
  }
}

/**
 * Ajv as Arsenal's schema validator.
 *
 * @example
 * ```ts
 * const arsenal = createArsenal({ execution: { schemaValidator: createAjvSchemaValidator() } });
 * ```
 */
export function createAjvSchemaValidator(options?: AjvSchemaValidatorOptions): AjvSchemaValidator {
  return new AjvSchemaValidator(options);
}
