import { basename } from 'node:path';
import type { ServeConfig } from '@arsenal/config';
import { lockPathFor, readPinLock } from '@arsenal/config';
import { createConsoleRoute } from '@arsenal/console';
import type { Arsenal, HistoryStore, Principal, StateStore } from '@arsenal/core';
import { type HttpRoute, summarizeAuthentication } from '@arsenal/http';
import { createRestApi, type DialectsProvider, type PinsProvider } from '@arsenal/rest-api';
import { createTokenCounter, encodeInAllDialects, type TokenCounter } from '../dialects.js';

/** Where the REST API is mounted when `--rest` or `serve.rest: true` names no path. */
export const DEFAULT_REST_PATH = '/api';
/** Where the console is mounted when `--console` or `serve.console: true` names no path. */
export const DEFAULT_CONSOLE_PATH = '/console';

/** What the REST API and the console read besides the Arsenal. */
export interface RestRouteContext {
  /** The configured audit history, behind `/calls`. */
  history?: HistoryStore;
  /** The config file, whose lock file holds the approved MCP tools (`/pins`). */
  configPath?: string;
  /** The shared StateStore (`state:`): invocation ownership lives there, so every replica answers for it. */
  stateStore?: StateStore;
}

const holds = (capability: string) => (principal: Principal | undefined) =>
  principal?.capabilities?.includes(capability) === true;

/** The lock file's approvals, read on each request (`arsenal approve` may change it meanwhile). */
function pinsFrom(configPath: string | undefined): PinsProvider | undefined {
  if (!configPath) return undefined;
  const lockFile = lockPathFor(configPath);
  return async () => {
    const lock = await readPinLock(lockFile);
    const pins = Object.entries(lock.servers).flatMap(([server, entry]) =>
      Object.entries(entry.tools).map(([tool, pinned]) => ({
        server,
        tool,
        hash: pinned.hash,
        approvedAt: pinned.approvedAt,
        ...(pinned.contentHash ? { contentHash: pinned.contentHash } : {}),
      })),
    );
    // Its name only: where the server keeps its files is none of a reader's business.
    return { pins, lockFile: basename(lockFile) };
  };
}

/** Every installed dialect, counted with o200k_base (loaded once, on first use). */
function tiktokenDialects(): DialectsProvider {
  let counter: Promise<TokenCounter> | undefined;
  return async (tool) => {
    counter ??= createTokenCounter();
    const dialects = await encodeInAllDialects(tool, await counter);
    return { tokenizer: 'o200k_base', dialects };
  };
}

/**
 * The REST API (and the console over it) as routes of the MCP HTTP server, when `--rest`,
 * `--console`, `serve.rest` or `serve.console` asks for them: they share the server's port, host
 * checks, authentication and body limits.
 */
export async function restRoutes(
  arsenal: Arsenal,
  serve: ServeConfig,
  requested: { rest?: boolean; console?: boolean; dev?: boolean },
  context: RestRouteContext = {},
): Promise<HttpRoute[]> {
  const consoleSetting = serve.console;
  const wantsConsole =
    requested.console === true || (consoleSetting !== undefined && consoleSetting !== false);
  const rest = serve.rest;
  const wantsRest =
    wantsConsole || requested.rest === true || (rest !== undefined && rest !== false);
  if (!wantsRest) return [];
  const settings = typeof rest === 'object' ? rest : {};
  const consoleSettings = typeof consoleSetting === 'object' ? consoleSetting : {};
  const manage = settings.manageCapability ?? 'admin';
  const apiPath = settings.path ?? DEFAULT_REST_PATH;
  const pins = pinsFrom(context.configPath);
  const authenticated = (serve.auth?.tokens?.length ?? 0) > 0 || serve.auth?.oauth !== undefined;
  const mayCall = holds(consoleSettings.callCapability ?? manage);
  const api = createRestApi(arsenal, {
    basePath: apiPath,
    canManageTools: holds(manage),
    canApproveTools: holds(consoleSettings.approveCapability ?? manage),
    canReadAllCalls: holds(manage),
    // Dev mode (loopback, no authentication, asked for by --dev): the anonymous caller may call.
    canCallTools: requested.dev
      ? (principal) => principal === undefined || mayCall(principal)
      : mayCall,
    dialects: tiktokenDialects(),
    // `/openapi.json` advertises the authentication the server is configured with.
    authentication: summarizeAuthentication({
      credentials: serve.auth?.tokens ?? [],
      ...(serve.auth?.oauth ? { oauth: serve.auth.oauth } : {}),
    }),
    ...(context.history ? { history: context.history } : {}),
    ...(pins ? { pins } : {}),
    ...(serve.maxBodyBytes ? { maxBodyBytes: serve.maxBodyBytes } : {}),
    ...(serve.bodyTimeoutMs ? { bodyTimeoutMs: serve.bodyTimeoutMs } : {}),
    ...(serve.sseRetryMs ? { sseRetryMs: serve.sseRetryMs } : {}),
    ...(context.stateStore ? { stateStore: context.stateStore } : {}),
  });
  if (!wantsConsole) return [api.route];
  const consoleRoute = await createConsoleRoute({
    path: consoleSettings.path ?? DEFAULT_CONSOLE_PATH,
    apiPath,
    // Every caller of a server without authentication is anonymous and sees the same: the page
    // may come with its data. With authentication, the data waits for the user's token.
    readAhead: !authenticated,
  });
  return [api.route, consoleRoute];
}
