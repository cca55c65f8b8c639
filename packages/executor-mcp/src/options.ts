import type { ArsenalError, HygieneMode, Issue, ToolDefinition, ToolLogLevel } from '@arsenal/core';

/** Spawn the server as a child process and speak MCP over its stdin/stdout. */
export interface McpStdioTransportOptions {
  type: 'stdio';
  /** Executable to run, e.g. `npx` or `process.execPath`. */
  command: string;
  args?: readonly string[];
  /**
   * Extra environment variables. The child also inherits a safe default set (HOME, PATH, SHELL,
   * TERM, USER, LOGNAME), not the whole parent environment, so secrets are passed on purpose.
   */
  env?: Record<string, string>;
  cwd?: string;
}

/** A server reachable over Streamable HTTP (the current MCP HTTP transport). */
export interface McpHttpTransportOptions {
  type: 'http';
  url: string | URL;
  /** Sent with every request, e.g. `{ Authorization: 'Bearer ...' }`. */
  headers?: Record<string, string>;
}

/** A server reachable over the legacy HTTP+SSE transport (protocol version 2024-11-05). */
export interface McpSseTransportOptions {
  type: 'sse';
  url: string | URL;
  headers?: Record<string, string>;
}

export type McpTransportOptions =
  | McpStdioTransportOptions
  | McpHttpTransportOptions
  | McpSseTransportOptions;

/** How a server whose connection drops is brought back. */
export interface McpRestartOptions {
  /** Restarts in a row without a successful request before giving up. Default 5; 0 disables. */
  maxRestarts?: number;
  /** Delay before the first restart; doubles on each further one. Default 250 ms. */
  initialDelayMs?: number;
  /** Upper bound of the delay. Default 10 s. */
  maxDelayMs?: number;
}

/** What pinning found about one tool. */
export interface PinningFinding {
  /** The configured server name. */
  server: string;
  /** The tool's name on the server (before sanitising). */
  mcpName: string;
  /** `changed`: differs from its approved hash; `unapproved`: no approved hash, and not trusted on first use. */
  reason: 'changed' | 'unapproved';
  approvedHash?: string;
  currentHash: string;
  /** `withheld`: not offered (mode `reject`); `flagged`: offered with `metadata.mcpPinMismatch`. */
  action: 'withheld' | 'flagged';
}

/**
 * Tool-poisoning protection: a hash of each tool's name, title, description and schemas is
 * compared with the hash the user approved.
 */
export interface McpPinningOptions {
  /** `off` (default): no check; `reject`: withhold changed tools; `flag`: keep them, report them. */
  mode: 'off' | 'reject' | 'flag';
  /** Approved hashes by exact MCP tool name, as returned earlier by `approvedHashes()`. */
  approved?: Record<string, string>;
  /**
   * Whether a tool with no approved hash is accepted (and pinned for this session, so a later
   * change through `list_changed` is caught). Default: only while `approved` is empty and the
   * first listing is read (trust on first use); a tool that appears later, or a tool a server
   * with approvals lists without one, is unapproved. A tool is known by its exact name on the
   * server, so a rename (`weather` to `Weather`) is a new, unapproved tool.
   */
  allowUnapproved?: boolean;
  /** Receives every finding, each time the tool list is read. */
  onChange?: (finding: PinningFinding) => void;
}

/** A tool the server lists that cannot become a ToolDefinition (bad schema...); it is skipped. */
export interface SkippedTool {
  mcpName: string;
  error: Error;
}

/** A log message the server sent (`notifications/message`). */
export interface McpLogMessage {
  /** The configured server name. */
  server: string;
  level: ToolLogLevel;
  /** The name the server logged under, when it gave one. */
  logger?: string;
  /** Whatever the server sent: a string or any JSON value. */
  data: unknown;
}

export interface McpToolSourceOptions {
  /** The server's name: the source id and (sanitised) the namespace of its tools. */
  name: string;
  transport: McpTransportOptions;
  /**
   * Per-request timeout in milliseconds (tools/call, tools/list). A progress notification
   * restarts it, up to `maxTotalTimeoutMs`. Default 60 000.
   */
  timeoutMs?: number;
  /**
   * How long to wait for the server to be ready: spawn (which may include a package download)
   * and the initialize handshake, or a restart in progress. Default: the larger of `timeoutMs`
   * and 60 000.
   */
  connectTimeoutMs?: number;
  /** Hard limit of one call even while it reports progress. Default 10 × timeoutMs. */
  maxTotalTimeoutMs?: number;
  /** Restart policy for dropped connections (a crashed child, a lost HTTP session). */
  restart?: McpRestartOptions;
  pinning?: McpPinningOptions;
  /** Description hygiene for imported tools. Default `flag`, so one odd tool never blocks a server. */
  hygiene?: HygieneMode;
  /** Hygiene findings, when `hygiene` is `flag`. */
  onHygieneFindings?: (findings: readonly Issue[], tool: ToolDefinition) => void;
  /** Tools that could not be imported. */
  onSkippedTool?: (skipped: SkippedTool) => void;
  /** Failures nobody awaits: a re-list after `list_changed` that failed, restarts given up. */
  onError?: (error: ArsenalError) => void;
  /** Each line the child writes to stderr (stdio only). */
  onStderr?: (line: string) => void;
  /**
   * Log messages the server sends (`notifications/message`). MCP does not tie them to a request,
   * so they cannot be passed to the running call's `context.log`: with calls in flight at once
   * there is no telling which one logged. They arrive here, for the whole server.
   */
  onLog?: (message: McpLogMessage) => void;
  /**
   * Level to ask for with `logging/setLevel` after each connect, when the server declares
   * logging and `onLog` is set. Default: none asked, so the server decides what to send.
   */
  logLevel?: ToolLogLevel;
  /** How many stderr lines to keep for `stderrTail()`. Default 200. */
  stderrLines?: number;
  /** Identifies this client to the server. Default `{ name: 'arsenal', version: '0.0.0' }`. */
  clientInfo?: { name: string; version: string };
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_RESTART: Required<McpRestartOptions> = {
  maxRestarts: 5,
  initialDelayMs: 250,
  maxDelayMs: 10_000,
};
