import {
  type Issue,
  SuspiciousContentError,
  ToolDefinitionError,
} from '../errors/arsenal-error.js';
import { detectPoisoning } from '../hygiene/detect-poisoning.js';
import {
  cleanText,
  cutAtBoundary,
  emptyCleaning,
  type TextCleaning,
} from '../hygiene/harmless-content.js';
import { internString } from '../schema/intern-schema.js';
import { EMPTY_OBJECT_SCHEMA, isJsonSchemaObject, type JsonSchema } from '../schema/json-schema.js';
import { CONTENT_HASH_PROPERTY } from './content-hash.js';
import {
  checkSchema,
  checkStringList,
  copiedTree,
  EMPTY_LIST,
  EMPTY_RECORD,
  frozenRecord,
  isoNow,
} from './definition-fields.js';
import type { HygieneMode } from './hygiene.js';
import { isSemver } from './semver.js';
import type {
  ToolCost,
  ToolDefinition,
  ToolDefinitionInput,
  ToolDependency,
} from './tool-definition.js';
import { checkToolName, formatQualifiedName, NAMESPACE_PATTERN } from './tool-name.js';

/** Shortest `description` a tool may have, in characters: shorter ones retrieve poorly. */
export const DESCRIPTION_MIN_LENGTH = 10;
/** Longest `description` a tool may have, in characters; longer text goes in `extendedDescription`. */
export const DESCRIPTION_MAX_LENGTH = 2000;
/** Longest `extendedDescription` a tool may have, in characters. */
export const EXTENDED_DESCRIPTION_MAX_LENGTH = 10_000;
const MAX_EXAMPLES = 10;

export {
  checkToolName,
  NAMESPACE_PATTERN,
  parseQualifiedName,
  RESERVED_TOOL_NAMES,
  TOOL_NAME_PATTERN,
  toToolName,
} from './tool-name.js';

/**
 * Options of `createToolDefinition`: defaults for the input, and what to do with suspicious
 * content.
 */
export interface CreateToolDefinitionOptions {
  /** What to do with suspicious description content. Default `reject`. */
  hygiene?: HygieneMode;
  /** Receives findings when hygiene is `flag`. */
  onFindings?: (findings: readonly Issue[], tool: ToolDefinition) => void;
  /**
   * Receives what was changed to make harmless content fit: a description cut to the limit
   * (the whole text kept as `extendedDescription`), invisible characters removed.
   */
  onWarnings?: (warnings: readonly Issue[], tool: ToolDefinition) => void;
  /** Clock for `createdAt` defaults (tests). */
  now?: () => Date;
  /** Namespace for an input that sets none. Default `default`. */
  namespace?: string;
  /** Source kind for an input that sets none. Default `manual`. */
  source?: string;
}

function schemaPath(input: ToolDefinitionInput): string {
  return input.parametersSchema === undefined ? '/parameters' : '/parametersSchema';
}

/**
 * Validate a tool description and return its canonical, frozen form with defaults applied,
 * `qualifiedName` and `contentHash`. Throws ToolDefinitionError listing every problem. For a
 * tool run by a function in this process, {@link defineTool} is shorter.
 *
 * @example
 * const refund = createToolDefinition({
 *   name: 'refund_payment',
 *   namespace: 'billing',
 *   description: 'Refund a captured payment, in full or in part.',
 *   parametersSchema: {
 *     type: 'object',
 *     properties: { paymentId: { type: 'string' }, amount: { type: 'number' } },
 *     required: ['paymentId'],
 *   },
 * });
 * refund.qualifiedName; // 'billing.refund_payment'
 */
export function createToolDefinition(
  input: ToolDefinitionInput,
  options: CreateToolDefinitionOptions = {},
): ToolDefinition {
  if (!isJsonSchemaObject(input)) {
    throw new ToolDefinitionError(undefined, [
      {
        path: '',
        message: `must be an object with name, description and parametersSchema, got ${typeof input}`,
      },
    ]);
  }
  // Every field is checked before anything is thrown, so the error lists every problem; the
  // checks run in the order of the fields, and so do the problems.
  const issues: Issue[] = [];
  const nameProblem = checkToolName(input.name);
  if (nameProblem) issues.push({ path: '/name', message: nameProblem });
  const version = checkVersion(input.version ?? '1.0.0', issues);
  const namespace = checkNamespace(input.namespace ?? options.namespace ?? 'default', issues);

  // Harmless content is made to fit rather than refused, the same way for every source.
  const cleaning = emptyCleaning();
  const metadataExtras: Record<string, unknown> = {};
  const { description, extendedDescription } = fitDescriptions(
    input,
    issues,
    cleaning,
    metadataExtras,
  );
  const title =
    typeof input.title === 'string' ? cleanText(input.title, '/title', cleaning) : input.title;
  const examples = cleanExamples(input.examples, issues, cleaning);
  const tags = checkStringList(input.tags, '/tags', issues, Number.POSITIVE_INFINITY, true);
  const capabilities = checkStringList(input.capabilities, '/capabilities', issues);
  const parametersSchema = copyParametersSchema(input, issues, cleaning);
  const returnsSchema = copyReturnsSchema(input.returnsSchema, issues, cleaning);
  const dependencies = checkDependencies(input.dependencies ?? EMPTY_LIST, issues);
  const metadata = copyMetadata(input.metadata ?? EMPTY_RECORD, issues);
  const cost = checkCost(input.cost ?? EMPTY_RECORD, issues);
  const createdAt = checkCreatedAt(input.createdAt, options.now, issues);
  const annotations =
    input.annotations === undefined
      ? undefined
      : copiedTree(input.annotations, '/annotations', issues, undefined);
  const name = String(input.name);
  if (issues.length > 0)
    throw new ToolDefinitionError(typeof input.name === 'string' ? name : undefined, issues);

  if (cleaning.stripped > 0) metadataExtras.hygiene = cleaningRecord(cleaning);

  const requiresConfirmation = input.requiresConfirmation ?? annotations?.destructiveHint === true;
  // One object literal, never a spread: a spread copy gets a map of its own per definition
  // (hundreds of bytes each) once the copying site has seen a few.
  const definition = {
    name,
    version,
    namespace: internString(namespace),
    title: title ?? annotations?.title,
    description,
    extendedDescription,
    examples,
    tags,
    parametersSchema,
    returnsSchema,
    source: internString(input.source ?? options.source ?? 'manual'),
    sourceUri: input.sourceUri,
    capabilities,
    requiresConfirmation,
    annotations,
    cost: frozenRecord(cost as Record<string, unknown>, undefined) as ToolDefinition['cost'],
    metadata: frozenRecord(metadata, metadataExtras),
    deprecated: input.deprecated ?? false,
    deprecationMessage: input.deprecationMessage,
    supersededBy: input.supersededBy,
    dependencies: dependencies.length === 0 ? EMPTY_LIST : Object.freeze([...dependencies]),
    createdAt,
    qualifiedName: formatQualifiedName(namespace, name, version),
  } as Omit<ToolDefinition, 'contentHash'> as ToolDefinition;
  // The content hash is computed on first read: bulk registration of new tools never needs it
  // (only replacing a tool compares hashes), and hashing is a third of a definition's cost.
  // One shared getter, so a definition keeps no copy of its fields for the hash.
  Object.defineProperty(definition, 'contentHash', CONTENT_HASH_PROPERTY);
  Object.freeze(definition);
  screenForPoisoning(definition, options);
  if (cleaning.warnings.length > 0) options.onWarnings?.(cleaning.warnings, definition);
  return definition;
}

function checkVersion(version: string, issues: Issue[]): string {
  if (typeof version !== 'string' || !isSemver(version)) {
    issues.push({
      path: '/version',
      message: `"${String(version)}" is not a semantic version like 1.0.0`,
    });
  }
  return version;
}

function checkNamespace(namespace: string, issues: Issue[]): string {
  if (
    typeof namespace !== 'string' ||
    namespace.length > 64 ||
    !NAMESPACE_PATTERN.test(namespace)
  ) {
    issues.push({
      path: '/namespace',
      message: `"${String(namespace)}" must be 1–64 lowercase letters, digits, "_", "-" or "." and start with a letter or digit`,
    });
  }
  return namespace;
}

/**
 * The description and extended description, cleaned of invisible characters and made to fit
 * their limits. A description too long is cut at a word boundary and kept whole at the head of
 * the extended description (marked `descriptionTruncated` in `metadataExtras`); an extended
 * description too long is cut. Each cut is a warning in `cleaning`, not an issue: only a
 * missing or too short description, or an extended description that is not a string, is one.
 */
function fitDescriptions(
  input: ToolDefinitionInput,
  issues: Issue[],
  cleaning: TextCleaning,
  metadataExtras: Record<string, unknown>,
): { description: string; extendedDescription: string | undefined } {
  let description =
    typeof input.description === 'string'
      ? cleanText(input.description, '/description', cleaning).trim()
      : '';
  let extendedDescription =
    typeof input.extendedDescription === 'string'
      ? cleanText(input.extendedDescription, '/extendedDescription', cleaning)
      : input.extendedDescription;
  if (typeof input.description !== 'string') {
    issues.push({
      path: '/description',
      message: 'is required: say what the tool does and when to use it',
    });
  } else if (description.length < DESCRIPTION_MIN_LENGTH) {
    issues.push({
      path: '/description',
      message: `is ${description.length} characters; write at least ${DESCRIPTION_MIN_LENGTH} so retrieval can find the tool`,
    });
  } else if (description.length > DESCRIPTION_MAX_LENGTH) {
    const whole = description;
    description = cutAtBoundary(whole, DESCRIPTION_MAX_LENGTH);
    extendedDescription = cutAtBoundary(
      typeof extendedDescription === 'string' && extendedDescription.trim().length > 0
        ? `${whole}\n\n${extendedDescription}`
        : whole,
      EXTENDED_DESCRIPTION_MAX_LENGTH,
    );
    metadataExtras.descriptionTruncated = true;
    cleaning.warnings.push({
      path: '/description',
      message: `is ${whole.length} characters; cut to ${description.length} at a word boundary (the limit is ${DESCRIPTION_MAX_LENGTH}), the whole text kept as extendedDescription`,
    });
  }
  if (extendedDescription !== undefined && typeof extendedDescription !== 'string') {
    issues.push({ path: '/extendedDescription', message: 'must be a string' });
  } else if (
    typeof extendedDescription === 'string' &&
    extendedDescription.length > EXTENDED_DESCRIPTION_MAX_LENGTH
  ) {
    cleaning.warnings.push({
      path: '/extendedDescription',
      message: `is ${extendedDescription.length} characters; cut at a word boundary to the limit of ${EXTENDED_DESCRIPTION_MAX_LENGTH}`,
    });
    extendedDescription = cutAtBoundary(extendedDescription, EXTENDED_DESCRIPTION_MAX_LENGTH);
  }
  return { description, extendedDescription };
}

function cleanExamples(
  value: ToolDefinitionInput['examples'],
  issues: Issue[],
  cleaning: TextCleaning,
): readonly string[] {
  const exampleList = checkStringList(value, '/examples', issues, MAX_EXAMPLES);
  return exampleList.length === 0
    ? exampleList
    : Object.freeze(
        exampleList.map((example, index) => cleanText(example, `/examples/${index}`, cleaning)),
      );
}

/**
 * The parameters schema (`parametersSchema`, or `parameters` as some sources name it), checked
 * and copied with pooled strings: the definition keeps none of the caller's objects, and text
 * many tools share (parameter descriptions, types) once. It is copied before anything else
 * walks it, so that every later walk reads a tree of bounded size.
 */
function copyParametersSchema(
  input: ToolDefinitionInput,
  issues: Issue[],
  cleaning: TextCleaning,
): JsonSchema {
  const path = schemaPath(input);
  const checkedSchema = checkSchema(input.parametersSchema ?? input.parameters, path, issues);
  return checkedSchema === EMPTY_OBJECT_SCHEMA
    ? checkedSchema
    : copiedTree(checkedSchema, path, issues, EMPTY_OBJECT_SCHEMA, cleaning, '/parametersSchema');
}

function copyReturnsSchema(
  value: unknown,
  issues: Issue[],
  cleaning: TextCleaning,
): JsonSchema | undefined {
  if (value === undefined) return undefined;
  if (isJsonSchemaObject(value))
    return copiedTree(value, '/returnsSchema', issues, EMPTY_OBJECT_SCHEMA, cleaning);
  issues.push({ path: '/returnsSchema', message: 'must be a JSON Schema object' });
  return undefined;
}

function checkDependencies(
  dependencies: readonly ToolDependency[],
  issues: Issue[],
): readonly ToolDependency[] {
  if (
    !Array.isArray(dependencies) ||
    dependencies.some(
      (dep) =>
        !isJsonSchemaObject(dep) ||
        typeof dep.tool !== 'string' ||
        !['requires', 'suggests', 'conflicts'].includes(dep.kind as string),
    )
  ) {
    issues.push({
      path: '/dependencies',
      message: 'must be an array of { tool, kind: "requires" | "suggests" | "conflicts", reason? }',
    });
  }
  return dependencies;
}

/** The caller's metadata, copied (the shared empty record stays shared). */
function copyMetadata(metadata: Record<string, unknown>, issues: Issue[]): Record<string, unknown> {
  if (!isJsonSchemaObject(metadata)) {
    issues.push({ path: '/metadata', message: 'must be an object' });
    return metadata;
  }
  return metadata === EMPTY_RECORD ? metadata : copiedTree(metadata, '/metadata', issues, {});
}

function checkCost(cost: ToolCost, issues: Issue[]): ToolCost {
  if (!isJsonSchemaObject(cost)) {
    issues.push({ path: '/cost', message: 'must be an object' });
    return cost;
  }
  for (const key in cost) {
    if (!Object.hasOwn(cost, key)) continue;
    const value = (cost as Record<string, unknown>)[key];
    if (value !== undefined && (typeof value !== 'number' || !(value >= 0))) {
      issues.push({ path: `/cost/${key}`, message: 'must be a non-negative number' });
    }
  }
  return cost;
}

/** `createdAt` as an ISO 8601 string: the caller's Date or timestamp, or now. */
function checkCreatedAt(
  createdAt: unknown,
  now: (() => Date) | undefined,
  issues: Issue[],
): string {
  if (createdAt instanceof Date) return createdAt.toISOString();
  if (typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt))) return createdAt;
  if (createdAt !== undefined) {
    issues.push({ path: '/createdAt', message: 'must be an ISO 8601 timestamp or a Date' });
  }
  return isoNow(now);
}

/** What cleaning removed, kept as `metadata.hygiene` so a reader can tell the text was changed. */
function cleaningRecord(cleaning: TextCleaning): Record<string, unknown> {
  return {
    stripped: cleaning.stripped,
    ...(cleaning.findings.length > 0 ? { findings: cleaning.findings } : {}),
  };
}

/**
 * Run the poisoning detector over the finished definition, as `options.hygiene` says: `reject`
 * (the default) throws SuspiciousContentError on a finding, `flag` hands the findings to
 * `onFindings`, `off` skips the detector.
 */
function screenForPoisoning(definition: ToolDefinition, options: CreateToolDefinitionOptions) {
  const mode = options.hygiene ?? 'reject';
  if (mode === 'off') return;
  const findings = detectPoisoning(definition);
  if (findings.length === 0) return;
  if (mode === 'reject') throw new SuspiciousContentError(definition.name, findings);
  options.onFindings?.(findings, definition);
}

/** The persisted (JSON) form of a definition: everything but the computed fields. */
export function toToolDefinitionInput(tool: ToolDefinition): ToolDefinitionInput {
  const { qualifiedName: _qualifiedName, contentHash: _contentHash, ...rest } = tool;
  return {
    ...rest,
    examples: [...tool.examples],
    tags: [...tool.tags],
    capabilities: [...tool.capabilities],
    dependencies: [...tool.dependencies],
  };
}
