const MARKER = Symbol.for('arsenal.error');

/** Every error code Arsenal raises. Adapters may add their own (any string). */
export type ArsenalErrorCode =
  | 'invalid_tool_definition'
  | 'suspicious_tool_content'
  | 'tool_not_found'
  | 'duplicate_tool'
  | 'invalid_argument'
  | 'validation_failed'
  | 'invalid_catalog'
  | 'transcoder_missing'
  | 'transcode_failed'
  | 'vector_store_error'
  | 'state_store_error'
  | 'embedder_error'
  | 'reranker_error'
  | 'dimension_mismatch'
  | 'configuration_invalid'
  | 'permission_denied'
  | 'confirmation_required'
  | 'timeout'
  | 'circuit_open'
  | 'rate_limited'
  | 'cancelled'
  | 'execution_failed'
  | 'not_supported'
  | 'confirmation_invalid'
  | 'confirmation_rejected'
  | 'call_limit_exceeded'
  | 'result_not_serializable'
  | 'engine_closed'
  | 'invocation_not_found'
  | 'invalid_plan'
  | 'dependency_cycle'
  | 'internal'
  | (string & {});

/** Options of an ArsenalError: the underlying failure and whether trying again may succeed. */
export interface ArsenalErrorOptions {
  cause?: unknown;
  /** Whether retrying the same operation may succeed. */
  retryable?: boolean;
}

/**
 * Base class of every error Arsenal raises. Recognise it with `ArsenalError.isInstance(e)`,
 * which works across realms and duplicated package copies, unlike `instanceof`.
 *
 * Every subclass declares its own `static readonly marker` (a `Symbol.for` key), and an instance
 * carries the marker of each class in its chain, so `ConfirmationError.isInstance(e)` is true for
 * a ConfirmationError (from any copy of the package) and false for any other Arsenal error.
 *
 * @example
 * ```ts
 * class QuotaError extends ArsenalError {
 *   static override readonly marker = Symbol.for('arsenal.error.my-adapter.QuotaError');
 *   constructor(message: string) {
 *     super('quota_exceeded', message, { retryable: true });
 *   }
 * }
 * QuotaError.isInstance(new QuotaError('...')); // true
 * QuotaError.isInstance(new CancelledError()); // false
 * ```
 */
export class ArsenalError extends Error {
  /** The marker this class sets on its instances; each subclass declares its own. */
  static readonly marker: symbol = MARKER;
  readonly [MARKER] = true;
  readonly code: ArsenalErrorCode;
  readonly retryable: boolean;

  constructor(code: ArsenalErrorCode, message: string, options: ArsenalErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
    markChain(this, new.target);
  }

  /**
   * Whether `value` is an instance of this class (or of a subclass), by marker: true across
   * realms and package copies. Called on a subclass, it answers for that subclass only.
   */
  static isInstance<E>(
    this: { readonly marker: symbol; readonly prototype: E } | undefined,
    value: unknown,
  ): value is E {
    // biome-ignore lint/complexity/noThisInStatic: it answers for the class it is called on
    const marker = this?.marker ?? MARKER;
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }

  /** A plain, JSON-safe view for logs, audit records and wire protocols. */
  toJSON(): { name: string; code: string; message: string; retryable: boolean } {
    return { name: this.name, code: this.code, message: this.message, retryable: this.retryable };
  }
}

/** Sets the marker of every class between `target` and ArsenalError on `error`. */
function markChain(error: ArsenalError, target: unknown): void {
  let current = target as { readonly marker?: symbol } | null;
  while (current && current !== ArsenalError) {
    if (Object.hasOwn(current, 'marker') && typeof current.marker === 'symbol') {
      (error as unknown as Record<symbol, boolean>)[current.marker] = true;
    }
    current = Object.getPrototypeOf(current) as { readonly marker?: symbol } | null;
  }
}

/** One problem found in a definition, an argument object or a file, located by a JSON path. */
export interface Issue {
  /** JSON-pointer-like path, `""` for the root: `/properties/city/type`. */
  path: string;
  message: string;
}

function listIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n');
}

/** A tool definition that cannot be registered: bad name, short description, bad schema... */
export class ToolDefinitionError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ToolDefinitionError');
  readonly toolName: string | undefined;
  readonly issues: readonly Issue[];
  constructor(
    toolName: string | undefined,
    issues: readonly Issue[],
    options?: ArsenalErrorOptions,
  ) {
    const label = toolName ? `Tool "${toolName}"` : 'Tool definition';
    super('invalid_tool_definition', `${label} is invalid:\n${listIssues(issues)}`, options);
    this.toolName = toolName;
    this.issues = issues;
  }
}

/** Description content that looks like prompt injection or hidden text. */
export class SuspiciousContentError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.SuspiciousContentError');
  readonly toolName: string;
  readonly findings: readonly Issue[];
  constructor(toolName: string, findings: readonly Issue[]) {
    super(
      'suspicious_tool_content',
      `Tool "${toolName}" has suspicious content:\n${listIssues(findings)}\n` +
        'Remove it from the definition, or register with hygiene: "flag" to accept it with a warning.',
    );
    this.toolName = toolName;
    this.findings = findings;
  }
}

/** A tool name that resolves to nothing; carries "did you mean" suggestions. */
export class ToolNotFoundError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ToolNotFoundError');
  readonly toolName: string;
  readonly suggestions: readonly string[];
  constructor(toolName: string, suggestions: readonly string[] = []) {
    const hint =
      suggestions.length > 0
        ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?`
        : ' List the registered tools with `arsenal list` or registry.list().';
    super('tool_not_found', `Tool "${toolName}" not found.${hint}`);
    this.toolName = toolName;
    this.suggestions = suggestions;
  }
}

/** Where a tool came from, as a collision message names it. */
function describeToolSource(tool: { source: string; sourceUri?: string }): string {
  return tool.sourceUri ? `${tool.source} ${tool.sourceUri}` : tool.source;
}

/**
 * A tool refused because a name it would be exposed under (its own, or `namespace_name` for
 * clients that allow no dots) is already how another namespace's tool is exposed: one source
 * must not be able to take the name of another's tool.
 */
export class ToolNameCollisionError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ToolNameCollisionError');
  /** The qualified name (`namespace.name`) of the refused tool. */
  readonly toolName: string;
  /** The qualified name of the registered tool it collides with. */
  readonly conflictingTool: string;
  /** The name both would be exposed under. */
  readonly exposedName: string;
  constructor(
    tool: { namespace: string; name: string; source: string; sourceUri?: string },
    conflicting: { namespace: string; name: string; source: string; sourceUri?: string },
    exposedName: string,
  ) {
    const refused = `${tool.namespace}.${tool.name}`;
    const registered = `${conflicting.namespace}.${conflicting.name}`;
    super(
      'duplicate_tool',
      `Tool "${refused}" (from ${describeToolSource(tool)}) was not registered: it and "${registered}" (from ${describeToolSource(conflicting)}) would both be exposed as "${exposedName}" (a dot becomes "_" for clients that allow no dots in tool names), so a call could reach the wrong tool. Rename one of them, or give one source another namespace.`,
    );
    this.toolName = refused;
    this.conflictingTool = registered;
    this.exposedName = exposedName;
  }
}

/** Arguments (or any value) that fail a schema; every problem is listed with its path. */
export class ValidationError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ValidationError');
  readonly issues: readonly Issue[];
  readonly toolName: string | undefined;
  constructor(message: string, issues: readonly Issue[], toolName?: string) {
    super('validation_failed', issues.length > 0 ? `${message}\n${listIssues(issues)}` : message);
    this.issues = issues;
    this.toolName = toolName;
  }
}

/** A caller passed an argument that cannot work; the message says which and why. */
export class InvalidArgumentError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.InvalidArgumentError');
  constructor(message: string, options?: ArsenalErrorOptions) {
    super('invalid_argument', message, options);
  }
}

/** A catalog file (JSON, JSONL, YAML) that cannot be read; `line` is 1-based when known. */
export class CatalogError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.CatalogError');
  readonly source: string;
  readonly line: number | undefined;
  constructor(source: string, message: string, line?: number, options?: ArsenalErrorOptions) {
    super(
      'invalid_catalog',
      `${source}${line === undefined ? '' : `:${line}`}: ${message}`,
      options,
    );
    this.source = source;
    this.line = line;
  }
}

/** Configuration that cannot work (missing adapter, impossible option). */
export class ConfigurationError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.ConfigurationError');
  constructor(message: string, options?: ArsenalErrorOptions) {
    super('configuration_invalid', message, options);
  }
}

/** No transcoder registered for a dialect, or a schema the dialect cannot express. */
export class TranscodeError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.TranscodeError');
  readonly dialect: string;
  constructor(
    dialect: string,
    message: string,
    code: 'transcoder_missing' | 'transcode_failed' = 'transcode_failed',
    options?: ArsenalErrorOptions,
  ) {
    super(code, message, options);
    this.dialect = dialect;
  }
}

/** A vector store or embedder failure; `retryable` tells whether trying again may help. */
export class VectorStoreError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.VectorStoreError');
  constructor(message: string, options?: ArsenalErrorOptions & { code?: ArsenalErrorCode }) {
    super(options?.code ?? 'vector_store_error', message, options);
  }
}

/** A shared StateStore (Redis...) failed or is unreachable; `retryable` when it may come back. */
export class StateStoreError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.StateStoreError');
  constructor(message: string, options?: ArsenalErrorOptions & { code?: ArsenalErrorCode }) {
    super(options?.code ?? 'state_store_error', message, options);
  }
}

/** The operation was aborted through its AbortSignal. */
export class CancelledError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.CancelledError');
  constructor(message = 'The operation was cancelled.', options?: ArsenalErrorOptions) {
    super('cancelled', message, options);
  }
}

/** Turn anything thrown into an ArsenalError, keeping ArsenalErrors as they are. */
export function toArsenalError(
  value: unknown,
  fallbackCode: ArsenalErrorCode = 'internal',
): ArsenalError {
  if (ArsenalError.isInstance(value)) return value;
  if (value instanceof Error)
    return new ArsenalError(fallbackCode, value.message, { cause: value });
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return new ArsenalError(fallbackCode, `Non-Error value thrown: ${text}`, { cause: value });
}

/** Throws a CancelledError when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new CancelledError(undefined, { cause: signal.reason });
  }
}
