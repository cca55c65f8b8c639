import type { Arsenal, Principal } from '@arsenal/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type ProgressToken,
  SetLevelRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {
  type CallChannel,
  confirmationAsker,
  logForwarder,
  progressReporter,
} from './call-session-hooks.js';
import { clientRequestsOf } from './client-requests.js';
import { DirectToolCalls } from './direct-tool-calls.js';
import {
  CONFIRM_TOOL_CALL,
  confirmationMetaTool,
  DESCRIBE_TOOL,
  discoveryMetaTools,
  EXECUTE_TOOL,
  FIND_RELEVANT_TOOLS,
  META_TOOL_NAMES,
} from './meta-tools.js';
import { echoInput, guardRequestParams, ProtocolError } from './protocol-errors.js';
import { ResourceSubscriptions } from './resource-subscriptions.js';
import { SessionLogging } from './session-logging.js';
import { type CallContext, ToolCalls } from './tool-calls.js';
import { ToolCatalog } from './tool-catalog.js';
import { UpstreamCatalog, type UpstreamServer } from './upstream-catalog.js';
import { registerUpstreamHandlers, upstreamCapabilities } from './upstream-handlers.js';

/**
 * `static`: every tool the caller may use is listed. `dynamic`: only the meta-tools
 * (find_relevant_tools, describe_tool, execute_tool), so the list never changes between turns.
 * `hybrid`: the pinned tools plus the meta-tools.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, type ServeMode } from '@arsenal/mcp-server';
 *
 * const mode: ServeMode = process.env.ARSENAL_MODE === 'static' ? 'static' : 'dynamic';
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode });
 * ```
 */
export type ServeMode = 'static' | 'dynamic' | 'hybrid';

/**
 * Every serve mode, for validating a mode read from a flag or a config file.
 *
 * @example
 * ```ts
 * import { SERVE_MODES, type ServeMode } from '@arsenal/mcp-server';
 *
 * function parseMode(value: string): ServeMode {
 *   const mode = SERVE_MODES.find((candidate) => candidate === value);
 *   if (!mode) throw new Error(`--mode must be one of ${SERVE_MODES.join(', ')}, got "${value}".`);
 *   return mode;
 * }
 * ```
 */
export const SERVE_MODES: readonly ServeMode[] = ['static', 'dynamic', 'hybrid'];

/**
 * What `createArsenalMcpServer` serves and how it lists tools.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { type ArsenalMcpServerOptions, createArsenalMcpServer } from '@arsenal/mcp-server';
 *
 * const options: ArsenalMcpServerOptions = {
 *   arsenal: createArsenal(),
 *   mode: 'hybrid',
 *   pinned: ['github.*', 'get_weather'], // listed directly, beside the meta-tools
 *   serverInfo: { name: 'acme-tools', version: '1.4.0' },
 * };
 * const mcp = createArsenalMcpServer(options);
 * ```
 */
export interface ArsenalMcpServerOptions {
  arsenal: Arsenal;
  /** Default `dynamic`. */
  mode?: ServeMode;
  /** Hybrid mode: tools listed directly. Globs on name, `namespace.name` or qualified name. */
  pinned?: readonly string[];
  /** Sent in `initialize`. Default `{ name: 'arsenal', version: '0.0.0' }`. */
  serverInfo?: { name: string; version: string };
  /** Sent in `initialize`; default: how to use the meta-tools (dynamic and hybrid modes). */
  instructions?: string;
  /**
   * List `confirm_tool_call`, the way to approve calls that need a human confirmation when the
   * client does not support elicitation. Default true. With false such calls stay pending.
   */
  confirmationTool?: boolean;
  /** Carry Arsenal fields (version, namespace, tags) in each listed tool's `_meta`. Default false. */
  includeArsenalMeta?: boolean;
  /**
   * Upstream MCP servers (e.g. `McpToolSource`s) whose prompts, resources and completions are
   * served too, namespaced (`<server>.<prompt>`, `arsenal://<server>/<uri>`) and filtered by the
   * policy. Default none: the session declares tools and logging only.
   */
  upstreams?: readonly UpstreamServer[];
}

/** The direct tools/call path of each session, for the transports using it (stdio, HTTP). */
const directCalls = new WeakMap<Server, DirectToolCalls>();

/** The session's answerer of tools/call outside the SDK's protocol layer; undefined for other servers. */
export function directToolCallsOf(server: Server): DirectToolCalls | undefined {
  return directCalls.get(server);
}

const DYNAMIC_INSTRUCTIONS =
  'This server gives access to a large tool catalog through meta-tools. Call find_relevant_tools with a short description of the task, then execute_tool with one of the returned names and arguments matching its input schema. Use describe_tool for details. Calls that need a human confirmation answer with a confirmation id: ask the user, then call confirm_tool_call.';

/**
 * Arsenal behind the Model Context Protocol. Create one, then a session (an SDK `Server`) per
 * connection and principal with `createSession`, or use `startStdioServer` / `startHttpServer`.
 *
 * @example
 * ```ts
 * import { createArsenal, defineTool } from '@arsenal/core';
 * import { type ArsenalMcpServer, createArsenalMcpServer } from '@arsenal/mcp-server';
 *
 * const arsenal = createArsenal();
 * await arsenal.register(
 *   defineTool({
 *     name: 'add_numbers',
 *     description: 'Add two numbers and return the sum.',
 *     input: {
 *       type: 'object',
 *       properties: { a: { type: 'number' }, b: { type: 'number' } },
 *       required: ['a', 'b'],
 *     } as const,
 *     handler: ({ a, b }) => ({ sum: a + b }),
 *   }),
 * );
 * const mcp: ArsenalMcpServer = createArsenalMcpServer({ arsenal, mode: 'static' });
 * mcp.listTools().map((tool) => tool.name); // ['add_numbers', 'confirm_tool_call']
 * const result = await mcp.callTool('add_numbers', { a: 2, b: 3 });
 * console.log(result.structuredContent); // { sum: 5 }
 * await mcp.close();
 * ```
 */
export class ArsenalMcpServer {
  readonly arsenal: Arsenal;
  readonly mode: ServeMode;
  readonly #catalog: ToolCatalog;
  readonly #calls: ToolCalls;
  readonly #upstreams: UpstreamCatalog;
  readonly #subscriptions: ResourceSubscriptions;
  readonly #serverInfo: { name: string; version: string };
  readonly #instructions: string | undefined;
  readonly #confirmationTool: boolean;
  readonly #sessions = new Set<Server>();
  readonly #unsubscribe: () => void;
  #listChangedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ArsenalMcpServerOptions) {
    this.arsenal = options.arsenal;
    this.mode = options.mode ?? 'dynamic';
    if (!SERVE_MODES.includes(this.mode)) {
      throw new TypeError(`Unknown mode "${String(this.mode)}"; use ${SERVE_MODES.join(', ')}.`);
    }
    this.#serverInfo = options.serverInfo ?? { name: 'arsenal', version: '0.0.0' };
    this.#instructions =
      options.instructions ?? (this.mode === 'static' ? undefined : DYNAMIC_INSTRUCTIONS);
    this.#confirmationTool = options.confirmationTool ?? true;
    this.#catalog = new ToolCatalog(options.arsenal, {
      reserved: META_TOOL_NAMES,
      pinned: options.pinned ?? [],
      includeArsenalMeta: options.includeArsenalMeta ?? false,
    });
    this.#calls = new ToolCalls(options.arsenal, this.#catalog);
    this.#upstreams = new UpstreamCatalog(options.arsenal, options.upstreams ?? []);
    this.#subscriptions = new ResourceSubscriptions(this.#upstreams);
    this.#unsubscribe =
      this.mode === 'dynamic'
        ? () => {}
        : options.arsenal.registry.onChange(() => this.#scheduleListChanged());
  }

  /** What `tools/list` answers this principal. */
  listTools(principal?: Principal): Tool[] {
    const confirm = this.#confirmationTool ? [confirmationMetaTool()] : [];
    if (this.mode === 'static') return [...this.#catalog.list(principal), ...confirm];
    const meta = [...discoveryMetaTools(), ...confirm];
    if (this.mode === 'dynamic') return meta;
    return [...this.#catalog.list(principal, (tool) => this.#catalog.isPinned(tool)), ...meta];
  }

  /**
   * Answer one `tools/call`. Tool failures are `isError` results; an unknown tool name is a
   * protocol error (InvalidParams); the name is echoed cut to size.
   */
  callTool(name: string, args: unknown, context: CallContext = {}): Promise<CallToolResult> {
    // Not an async function: the answer's own promise is returned, with no step of its own.
    try {
      return this.#callTool(name, args, context);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #callTool(name: string, args: unknown, context: CallContext): Promise<CallToolResult> {
    const input = (typeof args === 'object' && args !== null ? args : {}) as Record<
      string,
      unknown
    >;
    const principal = context.principal;
    if (this.mode !== 'static') {
      if (name === FIND_RELEVANT_TOOLS) return this.#calls.findRelevantTools(input, principal);
      if (name === DESCRIBE_TOOL) {
        return Promise.resolve(this.#calls.describeTool(input, principal));
      }
      if (name === EXECUTE_TOOL) return this.#calls.executeTool(input, context);
    }
    if (name === CONFIRM_TOOL_CALL && this.#confirmationTool) {
      return this.#calls.confirmToolCall(input, principal);
    }
    const tool = this.mode === 'dynamic' ? undefined : this.#catalog.find(name, principal);
    if (!tool || (this.mode === 'hybrid' && !this.#catalog.isPinned(tool))) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `Unknown tool "${echoInput(name)}". ${
          this.mode === 'static'
            ? 'Call tools/list for the available tools.'
            : 'Find tools with find_relevant_tools and run them with execute_tool.'
        }`,
      );
    }
    return this.#calls.run(tool, input, context);
  }

  /** An SDK `Server` answering for one principal; connect it to a transport. */
  createSession(principal?: Principal): Server {
    const server = new Server(this.#serverInfo, {
      capabilities: {
        tools: { listChanged: this.mode !== 'dynamic' },
        logging: {},
        ...(this.#upstreams.isEmpty ? {} : upstreamCapabilities(this.#subscriptions.supported)),
      },
      ...(this.#instructions ? { instructions: this.#instructions } : {}),
    });
    // The level is kept here rather than by the SDK: tool log messages go out as notifications
    // related to their tools/call request (on its response stream over HTTP), which the SDK's
    // own level filter (sendLoggingMessage) does not do.
    const logging = new SessionLogging();
    server.setRequestHandler(SetLevelRequestSchema, (request) => {
      logging.setLevel(request.params.level);
      return {};
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.listTools(principal) }));
    if (!this.#upstreams.isEmpty) {
      registerUpstreamHandlers(server, this.#upstreams, this.#subscriptions, principal);
    }
    const contextOf = (
      channel: CallChannel,
      progressToken: ProgressToken | undefined,
    ): CallContext => {
      // One literal with every field, absent ones undefined: a context has one shape whichever
      // fields a call has (fields added one by one made a shape per combination, and the code
      // reading contexts met several of them).
      const cancellation = channel.cancellation;
      return {
        principal,
        // The direct path's cancellation spares the call an AbortSignal (made only if asked for).
        signal: cancellation ? undefined : channel.signal,
        cancellation,
        onProgress: progressReporter(channel, progressToken),
        onLog: logForwarder(channel, logging),
        askConfirmation: confirmationAsker(server, channel),
        client: clientRequestsOf(server, channel.requestId),
      };
    };
    server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      this.callTool(
        request.params.name,
        request.params.arguments,
        contextOf(extra, request.params._meta?.progressToken),
      ),
    );
    const direct = new DirectToolCalls(server, (name, args, channel, progressToken) =>
      this.callTool(name, args, contextOf(channel, progressToken)),
    );
    directCalls.set(server, direct);
    const connect = server.connect.bind(server);
    server.connect = async (transport) => {
      await connect(transport);
      guardRequestParams(server, transport);
    };
    this.#sessions.add(server);
    const previous = server.onclose;
    server.onclose = () => {
      this.#sessions.delete(server);
      direct.abortAll();
      previous?.();
    };
    return server;
  }

  /** Sessions currently connected. */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** Close every session. The Arsenal itself is the caller's to close. */
  async close(): Promise<void> {
    this.#unsubscribe();
    clearTimeout(this.#listChangedTimer);
    const sessions = [...this.#sessions];
    this.#sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.close()));
    this.#catalog.close();
    this.#subscriptions.close();
  }

  #scheduleListChanged(): void {
    // A source re-sync changes many tools at once: tell clients once.
    if (this.#listChangedTimer !== undefined) return;
    this.#listChangedTimer = setTimeout(() => {
      this.#listChangedTimer = undefined;
      for (const session of this.#sessions) {
        if (session.transport) session.sendToolListChanged().catch(() => {});
      }
    }, 50);
    this.#listChangedTimer.unref?.();
  }
}

/**
 * Arsenal behind the Model Context Protocol; serve it with `startStdioServer` or `startHttpServer`.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, startStdioServer } from '@arsenal/mcp-server';
 *
 * const arsenal = createArsenal();
 * const mcp = createArsenalMcpServer({ arsenal, mode: 'dynamic' });
 * const stdio = await startStdioServer(mcp); // what a desktop client spawns
 * await stdio.closed;
 * ```
 */
export function createArsenalMcpServer(options: ArsenalMcpServerOptions): ArsenalMcpServer {
  return new ArsenalMcpServer(options);
}
