import type { IncomingMessage, ServerResponse } from 'node:http';
import { A2A_VERSION_HEADER, AGENT_CARD_PATH, AgentCard, HTTP_EXTENSION_HEADER } from '@a2a-js/sdk';
import {
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  validateVersion,
} from '@a2a-js/sdk/server';
import { type Arsenal, InvalidArgumentError, type Principal } from '@arsenal/core';
import {
  type AuthenticationOptions,
  bodyRefusal,
  boundedNumber,
  type HostCheckOptions,
  type HttpHostOptions,
  type HttpRoute,
  parseJson,
  type RouteContext,
  readBody,
  sendRefusal,
  startHttpHost,
  summarizeAuthentication,
} from '@arsenal/http';
import { buildAgentCard } from './agent-card.js';
import { ArsenalAgentExecutor } from './arsenal-agent-executor.js';
import { PrincipalUser } from './principal-user.js';

export interface ArsenalA2aServerOptions extends AuthenticationOptions {
  arsenal: Arsenal;
  /** The principal of every request when no authentication is configured. Default: none. */
  anonymousPrincipal?: Principal;
  /** Agent name on the card. Default `Arsenal`. */
  name?: string;
  /** Card description. Default: one that states the tool count. */
  description?: string;
  /** Card version. Default `1.0.0`. */
  version?: string;
  /** Add one skill per namespace to the card. Default false. */
  namespaceSkills?: boolean;
  /** Most tools a discovery answer lists. Default 10. */
  findLimit?: number;
  /** JSON-RPC endpoint path. Default `/a2a`. */
  rpcPath?: string;
  /** The URL callers use, when it differs from the listening address (a proxy). */
  publicUrl?: string;
  provider?: { organization: string; url: string };
  /** Most streams (`SendStreamingMessage`, `SubscribeToTask`) one caller holds open (1 to 10,000). Default 32. */
  maxStreamsPerCaller?: number;
}

export interface RunningA2aServer {
  /** The base URL: the card is at `${url}/.well-known/agent-card.json`. */
  url: string;
  close(): Promise<void>;
}

/** Whether a request says its body is JSON (`application/json` or any `+json` type). */
function declaresJson(request: IncomingMessage): boolean {
  const type = request.headers['content-type'];
  if (typeof type !== 'string') return false;
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  response.end(body);
}

function requestId(body: unknown): string | number | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** Counts the open streams of each caller. */
class StreamQuota {
  readonly #open = new Map<string, number>();
  constructor(readonly limit: number) {}
  take(key: string): boolean {
    const held = this.#open.get(key) ?? 0;
    if (held >= this.limit) return false;
    this.#open.set(key, held + 1);
    return true;
  }
  give(key: string): void {
    const held = (this.#open.get(key) ?? 1) - 1;
    if (held <= 0) this.#open.delete(key);
    else this.#open.set(key, held);
  }
}

/**
 * The Arsenal as an A2A agent, as routes of the front door (`startHttpHost` of `@arsenal/http`):
 * the agent card (public: it advertises the authentication configured) and the JSON-RPC endpoint
 * (authenticated by the front door; answers and streams written here, refusals never carry a
 * stack trace). `baseUrl` gives where callers reach the server, once it listens.
 */
export function createA2aRoutes(
  options: ArsenalA2aServerOptions,
  baseUrl: () => string,
): HttpRoute[] {
  const rpcPath = options.rpcPath ?? '/a2a';
  if (!rpcPath.startsWith('/'))
    throw new InvalidArgumentError(`rpcPath must start with "/", got "${rpcPath}".`);
  const streams = new StreamQuota(
    boundedNumber('maxStreamsPerCaller', options.maxStreamsPerCaller, {
      min: 1,
      max: 10_000,
      fallback: 32,
    }),
  );
  const cardJson = () =>
    buildAgentCard(options.arsenal, {
      baseUrl: baseUrl().replace(/\/+$/, ''),
      rpcPath,
      name: options.name ?? 'Arsenal',
      ...(options.description ? { description: options.description } : {}),
      version: options.version ?? '1.0.0',
      auth: summarizeAuthentication(options),
      namespaceSkills: options.namespaceSkills ?? false,
      ...(options.provider ? { provider: options.provider } : {}),
    });
  const executor = new ArsenalAgentExecutor({
    arsenal: options.arsenal,
    findLimit: options.findLimit ?? 10,
  });
  let handler: DefaultRequestHandler | undefined;
  let transport: JsonRpcTransportHandler | undefined;
  const transportHandler = () => {
    if (!transport) {
      handler = new DefaultRequestHandler(
        AgentCard.fromJSON(cardJson()),
        new InMemoryTaskStore(),
        executor,
      );
      transport = new JsonRpcTransportHandler(handler);
    }
    return { handler: handler as DefaultRequestHandler, transport };
  };

  // The card follows the catalog: computed per request, so it counts the tools registered now.
  const card: HttpRoute = {
    path: `/${AGENT_CARD_PATH}`,
    exact: true,
    public: true,
    async handle(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        sendRefusal(response, {
          status: 405,
          code: 'method_not_allowed',
          detail: 'The agent card is read with GET.',
          headers: { allow: 'GET, HEAD' },
        });
        return;
      }
      sendJson(response, 200, cardJson());
    },
  };
  const legacyCard: HttpRoute = { ...card, path: '/.well-known/agent.json' };

  async function answer(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
    context: RouteContext,
  ): Promise<void> {
    if (request.method !== 'POST') {
      sendRefusal(
        response,
        {
          status: 405,
          code: 'method_not_allowed',
          detail: `Send JSON-RPC requests to ${rpcPath} with POST.`,
          headers: { allow: 'POST' },
        },
        'json-rpc',
      );
      return;
    }
    if (!declaresJson(request)) {
      sendRefusal(
        response,
        {
          status: 415,
          code: 'unsupported_media_type',
          detail: 'Send the JSON-RPC request with "Content-Type: application/json".',
        },
        'json-rpc',
      );
      return;
    }
    const outcome = await readBody(
      request,
      context.limits.maxBodyBytes,
      context.limits.bodyTimeoutMs,
    );
    const refused = bodyRefusal(outcome, context.limits);
    if (refused === 'aborted') return;
    if (refused) {
      response.once('finish', () => request.destroy());
      sendRefusal(response, refused, 'json-rpc');
      return;
    }
    const parsed = outcome.kind === 'ok' ? parseJson(outcome.body) : undefined;
    if (!parsed || typeof parsed.value !== 'object' || parsed.value === null) {
      sendRefusal(
        response,
        {
          status: 400,
          code: 'invalid_json',
          detail: 'Parse error: the body is not a JSON-RPC request object.',
        },
        'json-rpc',
      );
      return;
    }
    const body = parsed.value as Record<string, unknown>;
    const { handler, transport } = transportHandler();
    const versionHeader = request.headers[A2A_VERSION_HEADER.toLowerCase()];
    const extensionsHeader = request.headers[HTTP_EXTENSION_HEADER.toLowerCase()];
    const serverContext = defaultServerCallContextBuilder({
      extensions: typeof extensionsHeader === 'string' ? parseExtensions(extensionsHeader) : [],
      user: new PrincipalUser(principal ?? options.anonymousPrincipal),
      headers: request.headers,
      requestedVersion: typeof versionHeader === 'string' ? versionHeader : undefined,
    } as Parameters<typeof defaultServerCallContextBuilder>[0]);
    let result: Awaited<ReturnType<JsonRpcTransportHandler['handle']>>;
    try {
      validateVersion(serverContext.requestedVersion, await handler.getAgentCard(), 'JSONRPC');
      result = await transport.handle(body, serverContext);
    } catch (error) {
      // The SDK's error says what was wrong (an unsupported version); its stack stays here.
      sendJson(response, 200, {
        jsonrpc: '2.0',
        id: requestId(body),
        error: JsonRpcTransportHandler.mapToJSONRPCError(error),
      });
      return;
    }
    if (typeof (result as AsyncGenerator)[Symbol.asyncIterator] !== 'function') {
      sendJson(response, 200, result);
      return;
    }
    await stream(response, result as AsyncGenerator<unknown>, body, context.callerKey);
  }

  async function stream(
    response: ServerResponse,
    events: AsyncGenerator<unknown>,
    body: Record<string, unknown>,
    key: string,
  ): Promise<void> {
    if (!streams.take(key)) {
      await events.return(undefined);
      sendRefusal(
        response,
        {
          status: 429,
          code: 'too_many_streams',
          detail: `Too many open streams for this caller (${streams.limit}); close one first.`,
          headers: { 'retry-after': '5' },
        },
        'json-rpc',
      );
      return;
    }
    let closed = false;
    response.once('close', () => {
      closed = true;
      void events.return(undefined);
    });
    try {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      });
      for await (const event of events) {
        if (closed) break;
        response.write(`data: ${JSON.stringify(event)}\n\n`);
      }
    } catch (error) {
      if (!closed) {
        const failure = {
          jsonrpc: '2.0',
          id: requestId(body),
          error: JsonRpcTransportHandler.mapToJSONRPCError(error),
        };
        response.write(`event: error\ndata: ${JSON.stringify(failure)}\n\n`);
      }
    } finally {
      streams.give(key);
      if (!response.writableEnded) response.end();
    }
  }

  const rpc: HttpRoute = {
    path: rpcPath,
    exact: true,
    errorFormat: 'json-rpc',
    handle: answer,
  };
  return [card, legacyCard, rpc];
}

/** Comma-separated extension URIs (A2A service parameter), without duplicates. */
function parseExtensions(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((uri) => uri.trim())
        .filter((uri) => uri !== ''),
    ),
  ];
}

/**
 * Listen on `host:port` (default 127.0.0.1, a free port) and serve the Arsenal as an A2A agent
 * on the front door: Host and Origin checks, the configured authentication (static tokens,
 * OAuth), body limits, problem-free refusals. A server beyond loopback without authentication
 * refuses to start.
 *
 * @example
 * const agent = await startA2aServer({ arsenal, credentials: [{ token, principal: { id: 'me' } }] });
 */
export async function startA2aServer(
  options: ArsenalA2aServerOptions &
    HostCheckOptions &
    Pick<
      HttpHostOptions,
      'host' | 'port' | 'maxBodyBytes' | 'headersTimeoutMs' | 'bodyTimeoutMs' | 'readiness'
    >,
): Promise<RunningA2aServer> {
  let baseUrl = options.publicUrl ?? '';
  const routes = createA2aRoutes(options, () => baseUrl);
  const host = await startHttpHost({ ...options, port: options.port ?? 0, routes });
  if (!baseUrl) baseUrl = host.origin;
  return { url: baseUrl.replace(/\/+$/, ''), close: () => host.close() };
}
