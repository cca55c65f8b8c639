import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Arsenal,
  createPlanning,
  type HistoryStore,
  type Planning,
  type PlanningOptions,
  type Principal,
  type StateStore,
} from '@arsenal/core';
import { isSecretKey } from '@arsenal/core/adapter';
import type { AuthenticationSummary, HttpRoute } from '@arsenal/http';
import { confirmationRoutes } from './confirmation-routes.js';
import { arsenalDialects, dialectRoutes } from './dialect-routes.js';
import {
  DEFAULT_MAX_EVENT_STREAMS_PER_PRINCIPAL,
  EventStreamLimits,
} from './event-stream-limits.js';
import { executionRoutes } from './execution-routes.js';
import { sendJson } from './http-io.js';
import { insightRoutes } from './insight-routes.js';
import { InvocationOwners } from './invocation-owners.js';
import { createOpenApiDocument } from './openapi.js';
import { countOption, durationOption } from './option-checks.js';
import { MemoryPendingConfirmations, SharedPendingConfirmations } from './pending-confirmations.js';
import { planRoutes } from './plan-routes.js';
import { problemFromError, sendProblem } from './problem-details.js';
import { quarantineRoutes } from './quarantine-routes.js';
import type { DialectsProvider, PinsProvider, RouteDependencies } from './route-context.js';
import { type Route, Router } from './router.js';
import { SharedInvocationOwners } from './shared-invocation-owners.js';
import { toolRoutes } from './tool-routes.js';

/** The capability that lets a principal register and unregister tools by default. */
export const MANAGE_TOOLS_CAPABILITY = 'admin';

export interface RestApiOptions {
  /** Path prefix the API is served under: `/api` serves `/api/tools`. Default `''` (root). */
  basePath?: string;
  /**
   * Who may `POST /tools` and `DELETE /tools/{name}`. Default: principals holding the `admin`
   * capability; anonymous callers never.
   */
  canManageTools?: (principal: Principal | undefined) => boolean;
  /** Who may approve quarantined tools (`POST /quarantine/{name}/approve`). Default: as `canManageTools`. */
  canApproveTools?: (principal: Principal | undefined) => boolean;
  /**
   * Whom the console offers to call tools and confirm those calls (`/me` → `callTools`). Calls
   * themselves stay governed by the security policy. Default: as `canManageTools`.
   */
  canCallTools?: (principal: Principal | undefined) => boolean;
  /** Who may read every principal's calls in `/calls`; others read their own. Default: as `canManageTools`. */
  canReadAllCalls?: (principal: Principal | undefined) => boolean;
  /**
   * Who may confirm or reject any caller's pending confirmation (and sees them all in
   * `GET /confirmations`); every caller settles its own. Default: as `canApproveTools`.
   */
  canSettleAnyConfirmation?: (principal: Principal | undefined) => boolean;
  /**
   * Which argument keys are secrets, shown `[REDACTED]` in `GET /confirmations`. Default: core's
   * `isSecretKey`; pass the engine's own (`execution.isSecretKey`) if it has one.
   */
  isSecretKey?: (key: string) => boolean;
  /** The audit history `/calls` pages through. Without one, `/calls` answers 501. */
  history?: HistoryStore;
  /** The approved tools of the MCP servers (`/pins`). Default: none. */
  pins?: PinsProvider;
  /**
   * Encodes a tool in every dialect for `/tools/{name}/dialects`. Default: the Arsenal's own
   * transcoders, tokens estimated as a quarter of the characters.
   */
  dialects?: DialectsProvider;
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** A body that takes longer than this to arrive gets 408. Default 30 s. */
  bodyTimeoutMs?: number;
  /** The SSE `retry` field of invocation event streams. Default 1 s. */
  sseRetryMs?: number;
  /**
   * The StateStore the Arsenal's replicas share. With it, who owns each invocation and
   * confirmation is kept there (not in this process), so any replica answers for them; when it
   * cannot be reached those requests get 503 `ownership_unavailable`. Default: in memory.
   */
  stateStore?: StateStore;
  /** How long shared ownership records live. Default 15 minutes. */
  ownershipTtlMs?: number;
  /** How often an event stream of an invocation another replica runs reads it. Default 250 ms. */
  sharedPollMs?: number;
  /**
   * Most invocation event streams one principal may hold open at once (anonymous callers share
   * one quota); past it `GET /invocations/{id}/events` answers 429. Default 32.
   */
  maxEventStreamsPerPrincipal?: number;
  /**
   * Further routes, relative to `basePath` (`/plan`, `/graph`): they share the router, the
   * problem details and `/openapi.json` stays the caller's to extend.
   */
  extraRoutes?: (dependencies: RouteDependencies) => readonly Route[];
  /**
   * The planning behind `/plan` and `/graph`: an existing `Planning`, or options for a new one
   * (planner, declared dependencies). Default: the built-in model-free planner.
   */
  planning?: Planning | PlanningOptions;
  /**
   * The authentication of the server the API is mounted on, advertised in `/openapi.json`.
   * `startRestServer` fills it in; pass `summarizeAuthentication(...)` of `@arsenal/http` when
   * mounting the route yourself. Default: bearer or API key, or none (not known here).
   */
  authentication?: AuthenticationSummary;
  /** Change the generated OpenAPI document (e.g. add the paths of `extraRoutes`). */
  extendOpenApi?: (document: Record<string, unknown>) => Record<string, unknown>;
}

/** A REST API over an Arsenal, ready to mount on any node:http server. */
export interface RestApi {
  readonly basePath: string;
  /** The OpenAPI 3.1 document, also served at `{basePath}/openapi.json`. */
  readonly openApiDocument: Record<string, unknown>;
  /** Answer one request whose principal is already known (authenticated by the server). */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
  ): Promise<void>;
  /** The API as a route of the MCP HTTP server (`startHttpServer(mcp, { routes: [api.route] })`). */
  readonly route: HttpRoute;
  /** Invocation event streams open right now (each counted until its connection closes). */
  readonly openEventStreams: number;
}

function normalizeBasePath(path: string | undefined): string {
  if (!path || path === '/') return '';
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Routes over an Arsenal: `/tools`, `/tools/search`, `/execute`, `/invocations/{id}` and its
 * `cancel` and `events`, `/confirmations` (and settling one), `/plan` (create, validate, run), `/graph`,
 * `/me`, `/health`, `/calls`, `/quarantine` (and approve), `/pins`, `/tools/{name}/dialects`,
 * `/openapi.json`. Every error is a problem document.
 *
 * @example
 * const api = createRestApi(arsenal, { basePath: '/api' });
 * createServer((request, response) => void api.handle(request, response, undefined)).listen(8080);
 */
export function createRestApi(arsenal: Arsenal, options: RestApiOptions = {}): RestApi {
  const basePath = normalizeBasePath(options.basePath);
  const canManageTools =
    options.canManageTools ??
    ((principal: Principal | undefined) =>
      principal?.capabilities?.includes(MANAGE_TOOLS_CAPABILITY) === true);
  const canApproveTools = options.canApproveTools ?? canManageTools;
  const dependencies: RouteDependencies = {
    arsenal,
    basePath,
    limits: {
      maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 30_000,
    },
    canManageTools,
    canApproveTools,
    canSettleAnyConfirmation: options.canSettleAnyConfirmation ?? canApproveTools,
    isSecretKey: options.isSecretKey ?? isSecretKey,
    canReadAllCalls: options.canReadAllCalls ?? canManageTools,
    canCallTools: options.canCallTools ?? canManageTools,
    history: options.history,
    pins: options.pins,
    dialects: options.dialects ?? arsenalDialects(arsenal),
    owners: options.stateStore
      ? new SharedInvocationOwners(
          options.stateStore,
          options.ownershipTtlMs !== undefined ? { ttlMs: options.ownershipTtlMs } : {},
        )
      : new InvocationOwners(),
    pendingConfirmations: options.stateStore
      ? new SharedPendingConfirmations(options.stateStore)
      : new MemoryPendingConfirmations(),
    sseRetryMs: durationOption('sseRetryMs', options.sseRetryMs, {
      fallback: 1000,
      min: 0,
      max: 3_600_000,
    }),
    sharedPollMs: Math.max(
      10,
      durationOption('sharedPollMs', options.sharedPollMs, { fallback: 250, min: 0, max: 60_000 }),
    ),
    eventStreams: new EventStreamLimits(
      countOption(
        'maxEventStreamsPerPrincipal',
        options.maxEventStreamsPerPrincipal,
        DEFAULT_MAX_EVENT_STREAMS_PER_PRINCIPAL,
      ),
    ),
    planning:
      options.planning && 'run' in options.planning
        ? options.planning
        : createPlanning(arsenal, options.planning),
  };
  const generated = createOpenApiDocument({
    serverUrl: basePath === '' ? '/' : basePath,
    ...(options.authentication ? { authentication: options.authentication } : {}),
  });
  const openApiDocument = options.extendOpenApi ? options.extendOpenApi(generated) : generated;
  const router = new Router([
    {
      method: 'GET',
      path: '/openapi.json',
      async handle(context) {
        sendJson(context.response, 200, openApiDocument, { 'cache-control': 'max-age=60' });
      },
    },
    ...toolRoutes(dependencies),
    ...executionRoutes(dependencies),
    ...confirmationRoutes(dependencies),
    ...planRoutes(dependencies),
    ...insightRoutes(dependencies),
    ...quarantineRoutes(dependencies),
    ...dialectRoutes(dependencies),
    ...(options.extraRoutes?.(dependencies) ?? []),
  ]);

  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
  ): Promise<void> {
    const rawUrl = request.url ?? '/';
    const instance = rawUrl.split('?')[0] ?? '/';
    try {
      const url = new URL(rawUrl, 'http://localhost');
      const relative = url.pathname.startsWith(basePath)
        ? url.pathname.slice(basePath.length) || '/'
        : url.pathname;
      const found = router.find(request.method ?? 'GET', relative);
      if (!('route' in found)) throw found;
      await found.route.handle({
        request,
        response,
        principal,
        params: found.params,
        query: url.searchParams,
        instance,
      });
    } catch (error) {
      const { problem, headers } = problemFromError(error, instance);
      sendProblem(response, problem, headers);
    }
  }

  return {
    basePath,
    openApiDocument,
    handle,
    route: { path: basePath === '' ? '/' : basePath, handle },
    get openEventStreams() {
      return dependencies.eventStreams.open;
    },
  };
}
