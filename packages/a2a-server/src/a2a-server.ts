import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_CARD_PATH, AgentCard } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { jsonRpcHandler } from '@a2a-js/sdk/server/express';
import { type Arsenal, InvalidArgumentError, type Principal } from '@arsenal/core';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { buildAgentCard } from './agent-card.js';
import { ArsenalAgentExecutor } from './arsenal-agent-executor.js';
import { PrincipalUser } from './principal-user.js';

/**
 * Turns the credential a request carries into its principal. Anything that is not a principal
 * (`undefined`, a refusal object such as the MCP server's `insufficient_scope`) is a 401. The
 * MCP server's authenticators (static tokens, OAuth JWTs) fit as they are.
 */
export interface A2aRequestAuthenticator {
  authenticate(request: IncomingMessage): A2aAuthOutcome | Promise<A2aAuthOutcome>;
}

/** A principal, or a refusal of any shape. */
export type A2aAuthOutcome = Principal | object | undefined;

function principalOf(outcome: A2aAuthOutcome): Principal | undefined {
  if (outcome === undefined || outcome === null || typeof outcome !== 'object') return undefined;
  const id = (outcome as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? (outcome as Principal) : undefined;
}

export interface ArsenalA2aServerOptions {
  arsenal: Arsenal;
  /** Checks `Authorization: Bearer` / `X-API-Key`; requests without a known credential get 401. */
  authenticator?: A2aRequestAuthenticator;
  /** The principal of every request when there is no authenticator. Default: none. */
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
}

export interface RunningA2aServer {
  /** The base URL: the card is at `${url}/.well-known/agent-card.json`. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** An express app serving the Arsenal as an A2A agent; `baseUrl` is where callers reach it. */
export function createArsenalA2aApp(options: ArsenalA2aServerOptions, baseUrl: string): Express {
  const rpcPath = options.rpcPath ?? '/a2a';
  if (!rpcPath.startsWith('/'))
    throw new InvalidArgumentError(`rpcPath must start with "/", got "${rpcPath}".`);
  const cardJson = () =>
    buildAgentCard(options.arsenal, {
      baseUrl: baseUrl.replace(/\/+$/, ''),
      rpcPath,
      name: options.name ?? 'Arsenal',
      ...(options.description ? { description: options.description } : {}),
      version: options.version ?? '1.0.0',
      auth: options.authenticator ? 'bearer-or-api-key' : 'none',
      namespaceSkills: options.namespaceSkills ?? false,
      ...(options.provider ? { provider: options.provider } : {}),
    });
  const executor = new ArsenalAgentExecutor({
    arsenal: options.arsenal,
    findLimit: options.findLimit ?? 10,
  });
  const handler = new DefaultRequestHandler(
    AgentCard.fromJSON(cardJson()),
    new InMemoryTaskStore(),
    executor,
  );
  const principals = new WeakMap<IncomingMessage, Principal | undefined>();
  const app = express();
  app.disable('x-powered-by');
  // The card follows the catalog: computed per request, so it counts the tools registered now.
  const serveCard = (_request: Request, response: Response) => {
    response.json(cardJson());
  };
  app.get(`/${AGENT_CARD_PATH}`, serveCard);
  app.get('/.well-known/agent.json', serveCard);
  app.use(rpcPath, (request: Request, response: Response, next: NextFunction) => {
    if (!options.authenticator) {
      principals.set(request, options.anonymousPrincipal);
      next();
      return;
    }
    void Promise.resolve()
      .then(() => options.authenticator?.authenticate(request))
      .then(
        (outcome) => admit(principalOf(outcome)),
        () => admit(undefined),
      );
    function admit(principal: Principal | undefined): void {
      if (!principal) {
        response
          .status(401)
          .set('WWW-Authenticate', 'Bearer')
          .json({
            jsonrpc: '2.0',
            id: null,
            error: {
              code: -32001,
              message:
                'Unauthorized: send "Authorization: Bearer <token>" or "X-API-Key: <token>" with a token this server knows.',
            },
          });
        return;
      }
      principals.set(request, principal);
      next();
    }
  });
  app.use(
    rpcPath,
    jsonRpcHandler({
      requestHandler: handler,
      userBuilder: async (request) => new PrincipalUser(principals.get(request)),
    }),
  );
  return app;
}

/** Listen on `host:port` (default 127.0.0.1, a free port) and serve the Arsenal as an A2A agent. */
export async function startA2aServer(
  options: ArsenalA2aServerOptions & { host?: string; port?: number },
): Promise<RunningA2aServer> {
  const host = options.host ?? '127.0.0.1';
  let baseUrl = options.publicUrl ?? '';
  const app = express();
  // Mount after listening: the card needs the port when none was given.
  let inner: Express | undefined;
  app.use((request, response, next) => {
    if (inner) inner(request, response, next);
    else response.status(503).end();
  });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, () => resolve(listening));
    listening.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  if (!baseUrl) baseUrl = `http://${hostPart}:${address.port}`;
  inner = createArsenalA2aApp(options, baseUrl);
  return {
    url: baseUrl.replace(/\/+$/, ''),
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
