import type { Issue } from '../errors/arsenal-error.js';
import { InvalidArgumentError, ValidationError } from '../errors/arsenal-error.js';
import type { SchemaValidator } from '../ports/schema-validator.js';
import type { ResolvedTool } from '../registry/types.js';
import { coreSchemaValidator } from '../schema/core-schema-validator.js';
import type { JsonSchemaValidator } from '../schema/json-schema-validator.js';
import { type StandardSchemaV1, standardIssuePath } from '../schema/standard-schema.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

export type ArgumentCheck =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; error: ValidationError; auditArguments?: Record<string, unknown> };

// Compiled once per validator and definition: an engine's validator never changes, but several
// engines (with different validators) may share a registry.
const compiled = new WeakMap<SchemaValidator, WeakMap<ToolDefinition, JsonSchemaValidator>>();
const encoder = new TextEncoder();

function refuse(
  toolName: string,
  message: string,
  issues: Issue[],
  audit: Record<string, unknown>,
): ArgumentCheck {
  return {
    ok: false,
    error: new ValidationError(message, issues, toolName),
    auditArguments: audit,
  };
}

/**
 * Turn what the caller sent into an argument object: absent → `{}`, a JSON text of an object
 * (as models emit) → the object. Anything else, anything that is not JSON, or anything past
 * `maxBytes` is refused.
 */
export function normaliseArguments(
  toolName: string,
  raw: unknown,
  maxBytes: number,
): ArgumentCheck {
  let value = raw;
  if (value === undefined) return { ok: true, arguments: {} };
  if (typeof value === 'string') {
    if (value.length > maxBytes) return tooLarge(toolName, value.length, maxBytes);
    try {
      value = JSON.parse(value);
    } catch {
      return refuse(
        toolName,
        `Arguments for tool "${toolName}" are a string that is not JSON; send a JSON object.`,
        [{ path: '', message: 'must be a JSON object' }],
        { '[invalid]': 'unparseable string' },
      );
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    return refuse(
      toolName,
      `Arguments for tool "${toolName}" must be a JSON object, got ${kind}.`,
      [{ path: '', message: `must be an object, got ${kind}` }],
      { '[invalid]': kind },
    );
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    return refuse(
      toolName,
      `Arguments for tool "${toolName}" are not JSON-serialisable (${(error as Error).message}).`,
      [{ path: '', message: 'must be JSON-serialisable (no cycles, no BigInt)' }],
      { '[invalid]': 'not JSON-serialisable' },
    );
  }
  const length = text?.length ?? 0;
  // UTF-8 takes at most 3 bytes per UTF-16 unit, so most texts need no encoding to be measured.
  if (length > maxBytes || (length * 3 > maxBytes && encoder.encode(text).length > maxBytes)) {
    return tooLarge(
      toolName,
      length * 3 > maxBytes ? encoder.encode(text).length : length,
      maxBytes,
    );
  }
  return { ok: true, arguments: value as Record<string, unknown> };
}

function tooLarge(toolName: string, bytes: number, maxBytes: number): ArgumentCheck {
  return refuse(
    toolName,
    `Arguments for tool "${toolName}" take ${bytes} bytes; the limit is ${maxBytes} (maxArgumentBytes). Send less data or pass a reference to it.`,
    [{ path: '', message: `must be at most ${maxBytes} bytes of JSON` }],
    { '[omitted]': `${bytes} bytes` },
  );
}

/**
 * Validate with the tool's Standard Schema when it has one, else with its JSON Schema through
 * `validator` (compiled once per definition). Synchronous unless the Standard Schema answers
 * with a promise.
 */
export function validateArguments(
  tool: ResolvedTool,
  args: Record<string, unknown>,
  validator: SchemaValidator,
): ArgumentCheck | Promise<ArgumentCheck> {
  const definition = tool.definition;
  if (tool.inputSchema) {
    const outcome = tool.inputSchema['~standard'].validate(args);
    if (outcome instanceof Promise)
      return outcome.then((settled) => standardOutcome(definition.name, settled));
    return standardOutcome(definition.name, outcome);
  }
  let perDefinition = compiled.get(validator);
  if (!perDefinition) {
    perDefinition = new WeakMap();
    compiled.set(validator, perDefinition);
  }
  let validate = perDefinition.get(definition);
  if (!validate) {
    validate = compileOrRefuse(validator, definition);
    perDefinition.set(definition, validate);
  }
  const outcome = validate<Record<string, unknown>>(args);
  if (!outcome.valid) return invalid(definition.name, outcome.issues);
  return { ok: true, arguments: outcome.value };
}

/** The `schemaValidator` option checked: core's validator when absent, refused when unusable. */
export function schemaValidatorOption(option: unknown): SchemaValidator {
  if (option === undefined) return coreSchemaValidator;
  const candidate = option as Partial<SchemaValidator> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.compile !== 'function' ||
    typeof candidate.name !== 'string'
  ) {
    throw new InvalidArgumentError(
      "execution.schemaValidator must be a SchemaValidator: an object with a `name` and a `compile(schema)` method, such as createAjvSchemaValidator() from @arsenal/validator-ajv. Leave it out to use core's own validator.",
    );
  }
  return candidate as SchemaValidator;
}

/**
 * The compiled schema, or, when the validator cannot compile it, a function refusing every call
 * with the validator's reason (kept, so a bad schema is not recompiled on every call).
 */
function compileOrRefuse(
  validator: SchemaValidator,
  definition: ToolDefinition,
): JsonSchemaValidator {
  try {
    return validator.compile(definition.parametersSchema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const issues: Issue[] = [
      {
        path: '',
        message: `the tool's parameters schema cannot be compiled by the "${validator.name}" schema validator: ${reason}. Fix the schema where the tool is defined, or configure a schema validator that accepts it (execution.schemaValidator).`,
      },
    ];
    return <T>(value: unknown) => ({ valid: false, issues, value: value as T });
  }
}

function standardOutcome(
  toolName: string,
  outcome: StandardSchemaV1.Result<unknown>,
): ArgumentCheck {
  if (outcome.issues) {
    const issues = outcome.issues.map((issue) => ({
      path: standardIssuePath(issue),
      message: issue.message,
    }));
    return invalid(toolName, issues);
  }
  const value = outcome.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(toolName, [{ path: '', message: 'the schema did not produce an object' }]);
  }
  return { ok: true, arguments: value as Record<string, unknown> };
}

function invalid(toolName: string, issues: Issue[]): ArgumentCheck {
  return {
    ok: false,
    error: new ValidationError(
      `Arguments for tool "${toolName}" do not match its schema; fix these and call again:`,
      issues,
      toolName,
    ),
  };
}
