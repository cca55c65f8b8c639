import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '@arsenal/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { type ArsenalMcpServer, directToolCallsOf } from './arsenal-mcp-server.js';
import {
  containsInitialize,
  JSON_RPC_SERVER_ERROR,
  JSON_RPC_SESSION_NOT_FOUND,
  requestedProtocolVersion,
  sendJsonRpcError,
} from './http-messages.js';
import {
  alignProtocolHeader,
  type HttpSession,
  negotiatedVersion,
  type SessionLimits,
  SessionTable,
} from './http-sessions.js';
import { JsonFirstTransport } from './json-first-transport.js';
import { createSessionEventStore } from './sse-event-store.js';

/** Answers an MCP request with a server made for this request alone (stateless mode). */
export async function handleStateless(
  mcp: ArsenalMcpServer,
  request: IncomingMessage,
  response: ServerResponse,
  principal: Principal | undefined,
  body: unknown,
): Promise<void> {
  if (request.method !== 'POST') {
    sendJsonRpcError(response, 405, JSON_RPC_SERVER_ERROR, 'This server is stateless: POST only.', {
      allow: 'POST',
    });
    return;
  }
  const server = mcp.createSession(principal);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}

/**
 * Stateful MCP sessions over Streamable HTTP: each bound to the principal that opened it,
 * admitted within per-caller and total quotas, swept when idle.
 */
export class McpSessions {
  readonly #mcp: ArsenalMcpServer;
  readonly #table: SessionTable;
  readonly #retryInterval: number;

  constructor(mcp: ArsenalMcpServer, limits: SessionLimits, retryInterval: number) {
    this.#mcp = mcp;
    this.#table = new SessionTable(limits);
    this.#retryInterval = retryInterval;
  }

  get size(): number {
    return this.#table.size;
  }

  /** `owner` is the caller's key (`callerKey`): sessions and quotas are filed under it. */
  async handle(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
    owner: string,
    body: unknown,
  ): Promise<void> {
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      await this.#continue(sessionId, request, response, owner, body);
      return;
    }
    if (request.method !== 'POST' || !containsInitialize(body)) {
      sendJsonRpcError(
        response,
        400,
        JSON_RPC_SERVER_ERROR,
        'Bad request: send initialize first, then the Mcp-Session-Id header it returns with every request.',
      );
      return;
    }
    await this.#open(request, response, principal, owner, body);
  }

  async close(id: string): Promise<void> {
    const session = this.#table.remove(id);
    if (!session) return;
    await Promise.allSettled([session.transport.close(), session.server.close()]);
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.#table.ids().map((id) => this.close(id)));
  }

  /** Closes sessions not seen since `cutoff` (epoch ms). */
  sweep(cutoff: number): void {
    for (const [id, session] of this.#table.entries()) {
      if (session.lastSeen < cutoff) void this.close(id);
    }
  }

  async #continue(
    sessionId: string,
    request: IncomingMessage,
    response: ServerResponse,
    owner: string,
    body: unknown,
  ): Promise<void> {
    const session = this.#table.get(sessionId);
    // Another caller's session id is answered like an unknown one.
    if (!session || session.owner !== owner) {
      sendJsonRpcError(
        response,
        404,
        JSON_RPC_SESSION_NOT_FOUND,
        'Session not found: it expired or was closed. Send initialize to start a new one.',
      );
      return;
    }
    session.lastSeen = Date.now();
    alignProtocolHeader(request, session);
    await session.transport.handleRequest(request, response, body);
    // DELETE ends the session whatever the transport made of it: its quota is free at once.
    if (request.method === 'DELETE') await this.close(sessionId);
  }

  async #open(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
    owner: string,
    body: unknown,
  ): Promise<void> {
    const admission = this.#table.admit(owner);
    if (admission.kind === 'over_quota' || admission.kind === 'full') {
      const [status, message] =
        admission.kind === 'over_quota'
          ? [
              429,
              `Too many open sessions for this caller (${admission.held}); end unused ones with DELETE or let them expire.`,
            ]
          : [503, 'Too many open sessions; retry later.'];
      sendJsonRpcError(response, status, JSON_RPC_SERVER_ERROR, message, { 'retry-after': '5' });
      return;
    }
    if (admission.evict !== undefined) await this.close(admission.evict);
    const protocolVersion = negotiatedVersion(requestedProtocolVersion(body));
    const server = this.#mcp.createSession(principal);
    const transport: JsonFirstTransport = new JsonFirstTransport(
      new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: createSessionEventStore(),
        retryInterval: this.#retryInterval,
        onsessioninitialized: (id) => {
          const session: HttpSession = {
            transport,
            server,
            owner,
            lastSeen: Date.now(),
            protocolVersion,
          };
          this.#table.add(id, session);
        },
      }),
    );
    transport.onclose = () => {
      if (transport.sessionId !== undefined) void this.close(transport.sessionId);
    };
    await server.connect(transport);
    // tools/call is answered from the parsed body; everything else goes through the SDK server.
    transport.direct = directToolCallsOf(server);
    await transport.handleRequest(request, response, body);
  }
}
