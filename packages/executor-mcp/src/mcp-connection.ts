import { ArsenalError, CancelledError } from '@arsenal/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  Implementation,
  LoggingLevel,
  LoggingMessageNotification,
  ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { sleep, untilAborted } from './abortable-wait.js';
import { type InFlightCalls, PASS_THROUGH_CAPABILITIES } from './client-passthrough.js';
import { stderrHint, toConnectionError } from './mcp-errors.js';
import { createTransport, pidOf, trackChildOnStart } from './mcp-transport.js';
import type { McpRestartOptions, McpTransportOptions } from './options.js';
import { UpstreamRequestRelations } from './request-relations.js';
import { handleServerNotifications } from './server-notifications.js';
import type { StderrRingBuffer } from './stderr-ring-buffer.js';
import { attachStdioToolCalls, type StdioToolCalls } from './stdio-tool-calls.js';

export type ConnectionState =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'restarting'
  | 'failed'
  | 'closed';

export interface McpConnectionOptions {
  serverName: string;
  transport: McpTransportOptions;
  clientInfo: Implementation;
  /** Limit of the initialize handshake. */
  connectTimeoutMs: number;
  restart: Required<McpRestartOptions>;
  stderr: StderrRingBuffer;
  onToolListChanged: () => void;
  /** Log messages the server sends; absent: they are ignored. */
  onLog?: (params: LoggingMessageNotification['params']) => void;
  /** Asked for with logging/setLevel after each connect (with `onLog`, if the server logs). */
  logLevel?: LoggingLevel;
  /** `notifications/resources/updated` the server sends for a subscribed resource. */
  onResourceUpdated?: (uri: string) => void;
  /** Called after a dropped connection came back (the tool list may differ). */
  onReconnected: () => void;
  /** Background failures nobody awaits: a restart given up. */
  onError: (error: ArsenalError) => void;
  /** Calls in flight, whose callers answer the server's sampling, elicitation and roots requests. */
  inFlight?: InFlightCalls;
}

interface Live {
  client: Client;
  transport: Transport;
  /** tools/call beside the SDK client (stdio). */
  toolCalls: StdioToolCalls | undefined;
  release: () => void;
}

/**
 * One logical connection to an MCP server: connects lazily, restarts a dropped connection with
 * bounded exponential backoff, and makes sure a spawned child never outlives it.
 */
export class McpConnection {
  readonly #options: McpConnectionOptions;
  readonly #closing = new AbortController();
  #state: ConnectionState = 'idle';
  #live: Live | undefined;
  #pending: Promise<Client> | undefined;
  #restartsInARow = 0;
  #lastError: Error | undefined;

  constructor(options: McpConnectionOptions) {
    this.#options = options;
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** The child's pid while a stdio server is running. */
  get pid(): number | undefined {
    return this.#live ? pidOf(this.#live.transport) : undefined;
  }

  get serverInfo(): Implementation | undefined {
    return this.#live?.client.getServerVersion();
  }

  get serverCapabilities(): ServerCapabilities | undefined {
    return this.#live?.client.getServerCapabilities();
  }

  get lastError(): Error | undefined {
    return this.#lastError;
  }

  /** The client when connected right now, else undefined (no waiting, no timers). */
  get connectedClient(): Client | undefined {
    return this.#closing.signal.aborted ? undefined : this.#live?.client;
  }

  /** The direct tools/call path of the connected client, when it has one (stdio). */
  get connectedToolCalls(): StdioToolCalls | undefined {
    return this.#closing.signal.aborted ? undefined : this.#live?.toolCalls;
  }

  /** The connected client: connects first, or waits for a restart in progress. */
  client(signal?: AbortSignal): Promise<Client> {
    if (this.#closing.signal.aborted) return Promise.reject(this.#closedError());
    if (this.#live) return Promise.resolve(this.#live.client);
    if (!this.#pending) {
      this.#state = 'connecting';
      this.#track(this.#open());
    }
    return untilAborted(this.#pending!, signal);
  }

  /** The server answered a request: a later crash starts a fresh run of restarts. */
  noteSuccess(): void {
    this.#restartsInARow = 0;
  }

  /**
   * Forget a client whose transport failed (an HTTP session the server lost). The next call
   * connects again; nothing is restarted in the background.
   */
  async drop(client: Client): Promise<void> {
    const live = this.#live;
    if (!live || live.client !== client) return;
    this.#live = undefined;
    this.#state = 'idle';
    await client.close().catch(() => undefined);
    live.release();
  }

  async close(): Promise<void> {
    if (this.#closing.signal.aborted) return;
    this.#closing.abort(this.#closedError());
    this.#state = 'closed';
    const live = this.#live;
    this.#live = undefined;
    if (live) {
      await live.client.close().catch(() => undefined);
      live.release();
    }
    await this.#pending?.then(
      () => undefined,
      () => undefined,
    );
  }

  #track(pending: Promise<Client>): void {
    this.#pending = pending;
    const clear = () => {
      if (this.#pending === pending) this.#pending = undefined;
    };
    pending.then(clear, (error: unknown) => {
      clear();
      if (this.#state === 'connecting') this.#state = 'idle';
      this.#lastError = error as Error;
    });
  }

  async #askLogLevel(client: Client): Promise<void> {
    const { onLog, logLevel, connectTimeoutMs } = this.#options;
    if (!onLog || !logLevel || !client.getServerCapabilities()?.logging) return;
    // Logging is a nicety: a server that refuses the level still serves its tools.
    await client
      .setLoggingLevel(logLevel, { timeout: connectTimeoutMs, signal: this.#closing.signal })
      .catch(() => undefined);
  }

  async #open(): Promise<Client> {
    const { serverName, stderr } = this.#options;
    const inFlight = this.#options.inFlight;
    // Each connection has its own request ids, so its own record of which call a request serves.
    const relations = inFlight ? new UpstreamRequestRelations() : undefined;
    const transport = createTransport(this.#options.transport, serverName, stderr, relations);
    relations?.watchSends(transport);
    const toolCalls = attachStdioToolCalls(transport, relations);
    const untrackChild = trackChildOnStart(transport);
    const client = new Client(this.#options.clientInfo, {
      capabilities: inFlight ? PASS_THROUGH_CAPABILITIES : {},
    });
    const uninstall = relations ? inFlight?.install(client, serverName, relations) : undefined;
    const release = () => {
      untrackChild();
      uninstall?.();
    };
    handleServerNotifications(client, this.#options);
    client.onerror = (error) => {
      this.#lastError = error;
    };
    client.onclose = () => this.#handleClose(client);
    try {
      await client.connect(transport, {
        timeout: this.#options.connectTimeoutMs,
        signal: this.#closing.signal,
      });
      if (this.#closing.signal.aborted) throw this.#closedError();
      await this.#askLogLevel(client);
    } catch (error) {
      await client.close().catch(() => undefined);
      release();
      throw this.#closing.signal.aborted
        ? this.#closedError()
        : toConnectionError(error, serverName, stderr.lines());
    }
    this.#live = { client, transport, toolCalls, release };
    this.#state = 'connected';
    return client;
  }

  #handleClose(client: Client): void {
    const live = this.#live;
    // Closes of clients that never finished connecting are handled where they were opened.
    if (!live || live.client !== client) return;
    this.#live = undefined;
    live.release();
    if (this.#closing.signal.aborted) return;
    this.#lastError = new Error('the connection closed');
    this.#restart();
  }

  #restart(): void {
    const { maxRestarts, initialDelayMs, maxDelayMs } = this.#options.restart;
    const { serverName, stderr } = this.#options;
    this.#state = 'restarting';
    const loop = async (): Promise<Client> => {
      for (;;) {
        if (this.#restartsInARow >= maxRestarts) {
          this.#state = 'failed';
          const error = new ArsenalError(
            'server_unavailable',
            `MCP server "${serverName}" went down ${this.#restartsInARow + 1} time(s) without answering a request in between, so it is no longer restarted in the background; the next call tries once more. Last error: ${this.#lastError?.message ?? 'unknown'}.${stderrHint(stderr.lines())}`,
            { retryable: false, cause: this.#lastError },
          );
          this.#options.onError(error);
          throw error;
        }
        const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** this.#restartsInARow);
        this.#restartsInARow += 1;
        await sleep(delay, this.#closing.signal);
        try {
          const client = await this.#open();
          this.#options.onReconnected();
          return client;
        } catch (error) {
          if (this.#closing.signal.aborted) throw error;
          this.#lastError = error as Error;
          this.#state = 'restarting';
        }
      }
    };
    this.#track(loop());
  }

  #closedError(): ArsenalError {
    return new CancelledError(
      `MCP server "${this.#options.serverName}" connection is closed; create a new source to use it again.`,
    );
  }
}
