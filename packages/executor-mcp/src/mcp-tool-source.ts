import {
  type ArsenalError,
  InvalidArgumentError,
  type ToolDefinition,
  type ToolSource,
} from '@arsenal/core';
import { toArsenalError } from '@arsenal/core/adapter';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Implementation, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import { InFlightCalls } from './client-passthrough.js';
import { type ConnectionState, McpConnection } from './mcp-connection.js';
import { McpExecutor } from './mcp-executor.js';
import { sourceUriOf } from './mcp-transport.js';
import { DEFAULT_RESTART, type McpToolSourceOptions, type PinningFinding } from './options.js';
import { checkedSourceOptions, logTo } from './source-options.js';
import { StderrRingBuffer } from './stderr-ring-buffer.js';
import { type Listing, type McpToolSourceChange, ToolListTracker } from './tool-list-tracker.js';
import { listAllTools, toListError } from './tool-listing.js';
import { toNamespace } from './tool-mapping.js';
import { ToolPinning } from './tool-pinning.js';
import { UpstreamFeatures } from './upstream-features.js';

export type { McpToolSourceChange };

/**
 * An MCP server as a tool source. `load()` connects (spawning the server for stdio), lists every
 * tool and maps it to a ToolDefinition; `executor` runs them; `watch()` reports list changes.
 */
export class McpToolSource implements ToolSource {
  /** The configured server name. */
  readonly id: string;
  /** The namespace of this server's tools (the name, sanitised). */
  readonly namespace: string;
  readonly executor: McpExecutor;
  /**
   * The server's prompts, resources and completions (list/get, list/read/templates, complete),
   * for serving them beside its tools.
   */
  readonly features: UpstreamFeatures;
  readonly #options: McpToolSourceOptions;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #stderr: StderrRingBuffer;
  readonly #connection: McpConnection;
  readonly #inFlight = new InFlightCalls();
  readonly #tools: ToolListTracker;
  #chain: Promise<unknown> = Promise.resolve();
  #resyncQueued = false;
  #closed = false;

  constructor(options: McpToolSourceOptions) {
    const { timeoutMs, connectTimeoutMs } = checkedSourceOptions(options);
    this.id = options.name;
    this.namespace = toNamespace(options.name);
    this.#options = options;
    this.#timeoutMs = timeoutMs;
    this.#connectTimeoutMs = connectTimeoutMs;
    this.#stderr = new StderrRingBuffer(options.stderrLines ?? 200, options.onStderr);
    this.#tools = new ToolListTracker({
      pinning: new ToolPinning(options.name, options.pinning),
      mapping: {
        serverName: options.name,
        namespace: this.namespace,
        sourceUri: sourceUriOf(options.transport),
        hygiene: options.hygiene ?? 'flag',
        onHygieneFindings: options.onHygieneFindings,
      },
      onSkippedTool: (skipped) => options.onSkippedTool?.(skipped),
      onError: (error) => this.#reportError(error),
    });
    this.#connection = new McpConnection({
      serverName: options.name,
      transport: options.transport,
      clientInfo: options.clientInfo ?? { name: 'arsenal', version: '0.0.0' },
      connectTimeoutMs,
      restart: { ...DEFAULT_RESTART, ...options.restart },
      stderr: this.#stderr,
      onToolListChanged: () => this.#scheduleResync(),
      ...(options.onLog ? { onLog: logTo(options.onLog, options.name) } : {}),
      ...(options.logLevel ? { logLevel: options.logLevel } : {}),
      onResourceUpdated: (uri) => this.features.notifyResourceUpdated(uri),
      inFlight: this.#inFlight,
      onReconnected: () => {
        this.#scheduleResync();
        this.features.resubscribe().catch(() => undefined);
      },
      onError: (error) => this.#reportError(error),
    });
    this.executor = new McpExecutor({
      serverName: options.name,
      connection: this.#connection,
      timeoutMs,
      connectTimeoutMs,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? timeoutMs * 10,
      reconnectOnTransportError: options.transport.type !== 'stdio',
      stderr: () => this.#stderr.lines(),
      isWithheld: (mcpName) => this.#tools.current?.withheld.has(mcpName) ?? false,
      inFlight: this.#inFlight,
    });
    this.features = new UpstreamFeatures({
      client: (signal) => this.#connection.client(signal),
      timeoutMs,
    });
  }

  /** `idle` until first use, then `connecting`, `connected`, `restarting`, `failed` or `closed`. */
  get state(): ConnectionState {
    return this.#connection.state;
  }

  /** The child's pid while a stdio server runs. */
  get pid(): number | undefined {
    return this.#connection.pid;
  }

  /** What the server said about itself in the initialize handshake. */
  get serverInfo(): Implementation | undefined {
    return this.#connection.serverInfo;
  }

  get serverCapabilities(): ServerCapabilities | undefined {
    return this.#connection.serverCapabilities;
  }

  /** The last lines the server wrote to stderr (stdio), oldest first. */
  stderrTail(): string[] {
    return this.#stderr.lines();
  }

  /**
   * Pinning hashes of every tool in the last listing (withheld ones included), by MCP name.
   * Persist them after review and pass them back as `pinning.approved`.
   */
  approvedHashes(): Record<string, string> {
    return Object.fromEntries(this.#tools.current?.hashes ?? []);
  }

  /**
   * Every tool of the last listing as the server described it (withheld ones included): what
   * an approval records and a diff compares.
   */
  listedTools(): Tool[] {
    return [...(this.#tools.current?.raw ?? [])];
  }

  /** Tools pinning withholds in the last listing. */
  withheldTools(): PinningFinding[] {
    return [...(this.#tools.current?.withheld.values() ?? [])];
  }

  /** Connect if needed and list the server's tools, following pagination. */
  async load(options: { signal?: AbortSignal } = {}): Promise<ToolDefinition[]> {
    if (this.#closed) {
      throw new InvalidArgumentError(`MCP server "${this.id}" source is closed; create a new one.`);
    }
    const listing = await this.#enqueue(() => this.#relist(options.signal));
    return [...listing.tools.values()];
  }

  watch(listener: (change: McpToolSourceChange) => void): () => void {
    return this.#tools.watch(listener);
  }

  /** Close the connection; a spawned server is stopped (stdin closed, then SIGTERM, then SIGKILL). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#tools.unwatchAll();
    await this.#connection.close();
  }

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(task);
    this.#chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  #scheduleResync(): void {
    // Nothing to compare with before the first load; several notifications make one re-list.
    if (this.#closed || this.#resyncQueued || this.#tools.current === undefined) return;
    this.#resyncQueued = true;
    this.#enqueue(async () => {
      this.#resyncQueued = false;
      if (this.#closed) return;
      await this.#relist(undefined);
    }).catch((error: unknown) => {
      if (!this.#closed) this.#reportError(toArsenalError(error, 'connection_failed'));
    });
  }

  async #relist(signal: AbortSignal | undefined): Promise<Listing> {
    const limit = AbortSignal.timeout(this.#connectTimeoutMs);
    const combined = signal ? AbortSignal.any([signal, limit]) : limit;
    let client: Client;
    try {
      client = await this.#connection.client(combined);
    } catch (error) {
      throw toListError(error, {
        serverName: this.id,
        signal,
        connectTimeoutMs: this.#connectTimeoutMs,
      });
    }
    const tools = await listAllTools(client, {
      serverName: this.id,
      signal,
      timeoutMs: this.#timeoutMs,
      connectTimeoutMs: this.#connectTimeoutMs,
    });
    this.#connection.noteSuccess();
    return this.#tools.update(tools);
  }

  #reportError(error: ArsenalError): void {
    this.#options.onError?.(error);
  }
}

/**
 * Use an MCP server as a tool source and executor.
 *
 * @example
 * const everything = createMcpToolSource({
 *   name: 'everything',
 *   transport: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
 * });
 * for (const tool of await everything.load()) registry.register(tool, { executor: everything.executor });
 */
export function createMcpToolSource(options: McpToolSourceOptions): McpToolSource {
  return new McpToolSource(options);
}
