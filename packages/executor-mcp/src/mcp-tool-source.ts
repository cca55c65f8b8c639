import {
  type ArsenalError,
  InvalidArgumentError,
  type ToolDefinition,
  type ToolSource,
  type ToolSourceChange,
  toArsenalError,
} from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type {
  Implementation,
  LoggingMessageNotification,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { InFlightCalls } from './client-passthrough.js';
import { type ConnectionState, McpConnection } from './mcp-connection.js';
import { McpExecutor } from './mcp-executor.js';
import { sourceUriOf, validateTransportOptions } from './mcp-transport.js';
import {
  DEFAULT_RESTART,
  DEFAULT_TIMEOUT_MS,
  type McpLogMessage,
  type McpToolSourceOptions,
  type PinningFinding,
} from './options.js';
import { StderrRingBuffer } from './stderr-ring-buffer.js';
import { diffToolLists, isEmptyDiff, type ToolListDiff } from './tool-list-diff.js';
import { listAllTools, toListError } from './tool-listing.js';
import {
  assignToolNames,
  mapMcpTool,
  type ToolMappingContext,
  toNamespace,
} from './tool-mapping.js';
import { pinHashOf, ToolPinning } from './tool-pinning.js';
import { UpstreamFeatures } from './upstream-features.js';

function logTo(
  onLog: (message: McpLogMessage) => void,
  server: string,
): (params: LoggingMessageNotification['params']) => void {
  return ({ level, logger, data }) =>
    onLog({ server, level, ...(logger === undefined ? {} : { logger }), data });
}

/** A change of the server's tool list: the full list, plus what was added, updated or removed. */
export interface McpToolSourceChange extends ToolSourceChange, ToolListDiff {
  /** Tools pinning withholds in this listing. */
  withheld: PinningFinding[];
}

interface Listing {
  /** Offered tools by MCP name, in server order. */
  tools: Map<string, ToolDefinition>;
  /** Pinning hashes of every listed tool, withheld ones included. */
  hashes: Map<string, string>;
  /** Every listed tool as the server described it, withheld ones included. */
  raw: Tool[];
  withheld: Map<string, PinningFinding>;
}

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
  readonly #pinning: ToolPinning;
  readonly #mapping: ToolMappingContext;
  readonly #listeners = new Set<(change: McpToolSourceChange) => void>();
  #listing: Listing | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  #resyncQueued = false;
  #closed = false;

  constructor(options: McpToolSourceOptions) {
    if (typeof options.name !== 'string' || options.name.trim().length === 0) {
      throw new InvalidArgumentError(
        'MCP server name is required: it becomes the namespace of its tools.',
      );
    }
    validateTransportOptions(options.transport, options.name);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(timeoutMs > 0)) {
      throw new InvalidArgumentError(
        `MCP server "${options.name}": timeoutMs must be > 0, got ${timeoutMs}.`,
      );
    }
    const connectTimeoutMs = options.connectTimeoutMs ?? Math.max(timeoutMs, DEFAULT_TIMEOUT_MS);
    if (!(connectTimeoutMs > 0)) {
      throw new InvalidArgumentError(
        `MCP server "${options.name}": connectTimeoutMs must be > 0, got ${connectTimeoutMs}.`,
      );
    }
    this.id = options.name;
    this.namespace = toNamespace(options.name);
    this.#options = options;
    this.#timeoutMs = timeoutMs;
    this.#connectTimeoutMs = connectTimeoutMs;
    this.#stderr = new StderrRingBuffer(options.stderrLines ?? 200, options.onStderr);
    this.#pinning = new ToolPinning(options.name, options.pinning);
    this.#mapping = {
      serverName: options.name,
      namespace: this.namespace,
      sourceUri: sourceUriOf(options.transport),
      hygiene: options.hygiene ?? 'flag',
      onHygieneFindings: options.onHygieneFindings,
    };
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
      isWithheld: (mcpName) => this.#listing?.withheld.has(mcpName) ?? false,
      inFlight: this.#inFlight,
    });
    this.features = new UpstreamFeatures({
      client: (signal) => this.#connection.client(signal),
      inFlight: this.#inFlight,
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
    return Object.fromEntries(this.#listing?.hashes ?? []);
  }

  /**
   * Every tool of the last listing as the server described it (withheld ones included): what
   * an approval records and a diff compares.
   */
  listedTools(): Tool[] {
    return [...(this.#listing?.raw ?? [])];
  }

  /** Tools pinning withholds in the last listing. */
  withheldTools(): PinningFinding[] {
    return [...(this.#listing?.withheld.values() ?? [])];
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
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Close the connection; a spawned server is stopped (stdin closed, then SIGTERM, then SIGKILL). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
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
    if (this.#closed || this.#resyncQueued || this.#listing === undefined) return;
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
    const previous = this.#listing;
    const next = this.#buildListing(tools);
    this.#listing = next;
    if (previous) {
      const diff = diffToolLists(previous.tools, next.tools);
      if (!isEmptyDiff(diff))
        this.#emit({
          tools: [...next.tools.values()],
          ...diff,
          withheld: [...next.withheld.values()],
        });
    }
    return next;
  }

  #buildListing(tools: readonly Tool[]): Listing {
    const listing: Listing = {
      tools: new Map(),
      hashes: new Map(),
      withheld: new Map(),
      raw: [...tools],
    };
    const names = assignToolNames(tools.map((tool) => tool.name));
    tools.forEach((tool, index) => {
      const pinHash = pinHashOf(tool);
      listing.hashes.set(tool.name, pinHash);
      const decision = this.#pinning.check(tool.name, pinHash);
      if (decision.action === 'withheld') {
        listing.withheld.set(tool.name, decision.finding);
        return;
      }
      try {
        const definition = mapMcpTool(tool, this.#mapping, {
          name: names[index]!,
          pinHash,
          pinMismatch: decision.action === 'flagged',
        });
        listing.tools.set(tool.name, definition);
      } catch (error) {
        // One tool the registry cannot accept must not hide the rest of the server.
        this.#options.onSkippedTool?.({ mcpName: tool.name, error: error as Error });
      }
    });
    return listing;
  }

  #emit(change: McpToolSourceChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.#reportError(toArsenalError(error));
      }
    }
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
