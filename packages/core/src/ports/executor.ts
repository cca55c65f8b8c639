import type { ToolDefinition } from '../tool/tool-definition.js';

/** Who is calling: policy, filtering, rate limits and audit key on it. */
export interface Principal {
  id: string;
  tenant?: string;
  /** Capabilities this principal holds; a tool needing one it lacks is hidden and refused. */
  capabilities?: readonly string[];
  /** Namespaces this principal may use; absent means all. */
  namespaces?: readonly string[];
  attributes?: Record<string, unknown>;
}

/** Progress of a running call: `progress` in [0,1] when known. */
export interface ProgressUpdate {
  progress?: number;
  total?: number;
  message?: string;
  /** A partial result, for tools that stream. */
  partial?: unknown;
}

/** Severity of a log entry: the syslog levels MCP logging uses, least severe first. */
export type ToolLogLevel =
  | 'debug'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'critical'
  | 'alert'
  | 'emergency';

/** A log message a running tool reports to whoever made the call (an MCP client, a UI). */
export interface ToolLogEntry {
  level: ToolLogLevel;
  message: string;
  /** Structured details; must survive JSON serialisation to reach remote callers. */
  data?: unknown;
}

/**
 * A running tool needs something from the caller before it can go on: a remote agent's task in
 * `input-required` or `auth-required`, a question only a human can answer.
 */
export interface ToolInputRequest {
  /** Why input is needed: `input` (an answer) or `auth` (credentials). */
  kind: 'input' | 'auth';
  /** The question, as the tool puts it. */
  message: string;
  /** Structured details (a remote task id, the parts the agent sent). */
  data?: Record<string, unknown>;
}

/** The caller's answer: text and/or structured data; `declined` stops the call. */
export interface ToolInputResponse {
  text?: string;
  data?: Record<string, unknown>;
  declined?: boolean;
}

/**
 * Ask the user for structured input (MCP `elicitation/create`): a message and a flat JSON Schema
 * of what to ask. Passed on as given, so newer schema forms reach the client unchanged.
 */
export interface ElicitationRequest {
  message: string;
  requestedSchema: Record<string, unknown>;
  [key: string]: unknown;
}

/** The user's answer: `accept` with `content`, or `decline` / `cancel`. */
export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Ask the caller's model for a completion (MCP `sampling/createMessage` params). */
export interface SamplingRequest {
  messages: readonly Record<string, unknown>[];
  maxTokens: number;
  [key: string]: unknown;
}

/** The model's answer (MCP `CreateMessageResult`: role, content, model, stopReason). */
export interface SamplingResult {
  role?: string;
  content?: unknown;
  model?: string;
  [key: string]: unknown;
}

/** The filesystem roots the caller works in (MCP `roots/list`). */
export interface RootsResult {
  roots: { uri: string; name?: string }[];
  [key: string]: unknown;
}

/**
 * What a running tool may ask of the client that made the call: each present only when that
 * client can answer (an MCP client that declared `elicitation`, `sampling` or `roots`).
 */
export interface ClientRequests {
  /** Ask the caller's user for input (MCP elicitation). */
  elicit?(
    request: ElicitationRequest,
    options: { signal: AbortSignal },
  ): Promise<ElicitationResult>;
  /** Ask the caller's model for a completion (MCP sampling). */
  sample?(request: SamplingRequest, options: { signal: AbortSignal }): Promise<SamplingResult>;
  /** The caller's roots (MCP roots): the folders and files it lets tools work on. */
  listRoots?(options: { signal: AbortSignal }): Promise<RootsResult>;
}

/** What a running handler receives besides its arguments. */
export interface ToolCallContext {
  /** Aborted on timeout or cancel; long handlers must watch it. */
  signal: AbortSignal;
  /**
   * Run `listener` once when the call is aborted (timeout or cancel), at once when it already is;
   * returns the function that removes it. Call it as a method of the context. It watches the call
   * without making `signal` (an AbortSignal per call, which costs more than most calls), for
   * executors that only need to be told, such as one that sends a remote server a cancellation.
   * Present in contexts the engine builds; optional so contexts built by hand stay valid.
   * @example const unwatch = context.onAbort?.((reason) => request.cancel(reason));
   */
  onAbort?(listener: (reason: unknown) => void): () => void;
  tool: ToolDefinition;
  callId: string;
  principal?: Principal;
  traceId?: string;
  /** This call's span id: with `traceId`, what a remote call sends on as W3C `traceparent`. */
  spanId?: string;
  /** Tell the caller how far the call has come. */
  reportProgress(update: ProgressUpdate): void;
  /**
   * Report a log message to the caller. Always present in contexts the engine builds (a no-op
   * when nobody listens); optional so contexts built by hand elsewhere stay valid.
   * @example context.log?.({ level: 'info', message: 'Fetched 20 rows', data: { rows: 20 } })
   */
  log?(entry: ToolLogEntry): void;
  /**
   * Ask whoever made the call for input (elicitation). Present only when the caller can answer
   * (`ToolCall.onInputRequest`); a tool without it must report that input is needed instead.
   */
  requestInput?(request: ToolInputRequest): Promise<ToolInputResponse>;
  /**
   * Ask the caller's user for structured input (MCP elicitation). In contexts the engine builds it
   * is always present and rejects with `not_supported` when the caller cannot be asked.
   */
  elicit?(request: ElicitationRequest): Promise<ElicitationResult>;
  /** Ask the caller's model for a completion (MCP sampling); `not_supported` when it cannot. */
  sample?(request: SamplingRequest): Promise<SamplingResult>;
  /** The caller's roots (MCP roots); `not_supported` when the caller has none to give. */
  listRoots?(): Promise<RootsResult>;
  /** Whether the caller can answer each kind of request, so a tool can check before asking. */
  clientCan?: { elicit: boolean; sample: boolean; listRoots: boolean };
}

/** One request to run a tool, after resolution, validation and policy. */
export interface ExecutionRequest {
  tool: ToolDefinition;
  arguments: Record<string, unknown>;
  context: ToolCallContext;
}

/**
 * Runs tools of one kind (in-process functions, MCP, HTTP, A2A, processes).
 *
 * @example
 * const echo: Executor = {
 *   kind: 'echo',
 *   canExecute: (tool) => tool.source === 'echo',
 *   async execute({ arguments: args, context }) {
 *     throwIfAborted(context.signal);
 *     return args;
 *   },
 * };
 * const arsenal = createArsenal({ execution: { executors: [echo] } });
 */
export interface Executor {
  /** A short name for logs and audit: `function`, `mcp`, `http`. */
  readonly kind: string;
  /** Whether this executor can run the tool (usually by `tool.source` or bound metadata). */
  canExecute(tool: ToolDefinition): boolean;
  /**
   * Run the call and resolve with its result. Throw an ArsenalError with `retryable` set for
   * failures worth retrying. Must stop promptly when `request.context.signal` aborts.
   */
  execute(request: ExecutionRequest): Promise<unknown>;
  /** Close connections and processes this executor opened. */
  close?(): Promise<void>;
}
