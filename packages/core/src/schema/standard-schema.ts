// The Standard Schema (standardschema.dev) and Standard JSON Schema interfaces, written out here
// so that core can accept zod 4, valibot, arktype... without importing any of them.

/** A schema that validates through `~standard.validate`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  /** The `~standard` property of a Standard Schema. */
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    /** Validate a value: its output, or the issues. */
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  /** What `validate` answers. */
  type Result<Output> = SuccessResult<Output> | FailureResult;
  /** A value that passed, as the schema outputs it. */
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  /** A value that failed, with the issues. */
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One problem with a value, and where it is. */
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** A key in the path to an issue. */
  interface PathSegment {
    readonly key: PropertyKey;
  }
  /** The input and output types of a schema, for inference only. */
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  /** The type a schema accepts. */
  type InferInput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['input'];
  /** The type a schema outputs. */
  type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];
}

/** The JSON Schema targets a Standard JSON Schema implementation may support. */
export type StandardJsonSchemaTarget = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});

/** A schema that converts itself to JSON Schema through `~standard.jsonSchema`. */
export interface StandardJsonSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output> & {
    readonly jsonSchema: {
      /** The JSON Schema of what the schema accepts. */
      readonly input: (options: {
        readonly target: StandardJsonSchemaTarget;
      }) => Record<string, unknown>;
      /** The JSON Schema of what the schema outputs. */
      readonly output: (options: {
        readonly target: StandardJsonSchemaTarget;
      }) => Record<string, unknown>;
    };
  };
}

export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof props === 'object' && props !== null && typeof props.validate === 'function';
}

export function isStandardJsonSchema(value: unknown): value is StandardJsonSchemaV1 {
  if (!isStandardSchema(value)) return false;
  const jsonSchema = (value['~standard'] as { jsonSchema?: { input?: unknown } }).jsonSchema;
  return (
    typeof jsonSchema === 'object' && jsonSchema !== null && typeof jsonSchema.input === 'function'
  );
}

/** Standard Schema issue paths turned into JSON-pointer-like strings. */
export function standardIssuePath(issue: StandardSchemaV1.Issue): string {
  if (!issue.path || issue.path.length === 0) return '';
  return issue.path
    .map((segment) => {
      const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
      return `/${String(key)}`;
    })
    .join('');
}
